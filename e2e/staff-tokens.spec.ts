import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { publicKey, stackUrl } from "./support/stack";
import {
  forgeAccessToken,
  sessionStorageKey,
  signInAsStaff,
  staffSection,
  tokenHeader,
} from "./support/staff";

// getClaims asks Supabase Auth about a token it cannot verify itself; the refusal is logged.
test.use({ allowConsoleErrors: [/status of 40[13]/] });

async function signedInSession(page: Page) {
  await page.goto("/admin");
  await signInAsStaff(page);
  await expect(staffSection(page, "Leads")).toBeVisible();
  const key = (await sessionStorageKey(page))!;
  const session = await page.evaluate((storageKey) => localStorage.getItem(storageKey)!, key);
  return { key, accessToken: (JSON.parse(session) as { access_token: string }).access_token };
}

test("a staff access token names a key of the project's published key set", async ({ page }) => {
  const { accessToken } = await signedInSession(page);
  const header = tokenHeader(accessToken);
  expect(header.alg).toBe("ES256");
  const jwks = (await (await fetch(`${stackUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: { kid: string }[];
  };
  expect(jwks.keys.map((key) => key.kid)).toContain(header.kid);
});

for (const [label, kid] of [
  ["the project's key id", undefined],
  ["an unknown key id", randomUUID()],
] as const) {
  test(`a token signed with another key under ${label} is refused by the staff area and the API`, async ({
    page,
  }) => {
    const { key, accessToken } = await signedInSession(page);
    const forged = forgeAccessToken(accessToken, kid);

    const rest = await fetch(`${stackUrl}/rest/v1/leads?select=id&limit=1`, {
      headers: { apikey: publicKey, Authorization: `Bearer ${forged}` },
    });
    expect(rest.status).toBe(401);

    // The copy in local storage now carries the forged token, the staff flag still set.
    await page.evaluate(
      ({ storageKey, token }) => {
        const session = JSON.parse(localStorage.getItem(storageKey)!);
        session.access_token = token;
        localStorage.setItem(storageKey, JSON.stringify(session));
      },
      { storageKey: key, token: forged },
    );
    await page.reload();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(staffSection(page, "Leads")).toHaveCount(0);
  });
}
