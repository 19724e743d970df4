import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../scripts/lib/node-supabase-client";
import type { Database } from "../shared/database.types";
import { expect, test } from "./fixtures";
import { outboxFor } from "./support/leads";
import { publicKey, stackUrl } from "./support/stack";
import { insertLeads, signInAsStaff, staffSection, uniqueTag } from "./support/staff";
import { createMember, freshCode, turnOnTwoFactor } from "./support/two-factor";

// A staff member's own security (issue 33): a forgotten password (the e-mail's link, the new
// password ending the account's other sessions, the same password refused), two-factor sign-in
// with a real authenticator's code (and the database refusing leads to a password-only
// session). The team's two-factor rule, which concerns every session at once, is tested alone,
// after every other spec: e2e/team-wide/.

test.describe.configure({ timeout: 120_000 });
// Auth's refusals the tests ask for (the same password, a wrong code) are logged by the browser.
test.use({ allowConsoleErrors: [/status of 422/] });

const sameAnswer =
  "If this address belongs to a staff account, we have sent a link to reset its password. It expires in 24 hours.";

/** A browser-less client of the site's own kind (the publishable key), for a second session. */
function siteClient(): SupabaseClient<Database> {
  return createNodeClient<Database>(stackUrl, publicKey);
}

/** The reset link (`/admin/reset-password?token_hash=…`) of the e-mail Auth sent to `email`. */
async function resetLinkFor(email: string): Promise<string> {
  let path = "";
  await expect
    .poll(async () => {
      for (const mail of await outboxFor(email)) {
        const href = /href="([^"]*\/admin\/reset-password\?[^"]*)"/.exec(String(mail.html ?? ""));
        if (!href) continue;
        const url = new URL(href[1]!.replaceAll("&amp;", "&"));
        path = `${url.pathname}${url.search}`;
        return true;
      }
      return false;
    })
    .toBe(true);
  return path;
}

test("a forgotten password: the e-mail's link, a new password that ends the other sessions, the same one refused", async ({
  page,
}) => {
  const member = await createMember();
  const [lead] = await insertLeads([
    {
      name: "Security Lead",
      email: `lead-${uniqueTag()}@example.com`,
      message: "A lead the member reads",
      source: "contact",
      language: "en",
    },
  ]);

  // Another session of the account, elsewhere: it reads leads until the password changes.
  const elsewhere = siteClient();
  const signedIn = await elsewhere.auth.signInWithPassword(member);
  expect(signedIn.error).toBeNull();
  const before = await elsewhere.from("leads").select("id").eq("id", lead!.id);
  expect(before.data).toHaveLength(1);

  await page.goto("/admin");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(sameAnswer)).toBeVisible();

  await page.goto(await resetLinkFor(member.email));
  await page.getByRole("button", { name: "Continue" }).click();
  const newPassword = `second-password-${uniqueTag()}`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm the new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText("Your other sessions were signed out.")).toBeVisible();
  await expect(staffSection(page, "Leads")).toBeVisible();

  // The other session is over: its refresh is refused, and the database reads it nothing.
  const after = await elsewhere.from("leads").select("id").eq("id", lead!.id);
  expect(after.error !== null || after.data?.length === 0).toBe(true);
  const refreshed = await elsewhere.auth.refreshSession();
  expect(refreshed.error).not.toBeNull();

  // Profile: the password just set is refused as the new one.
  await staffSection(page, "Profile").click();
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm the new password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByText("Your new password must be different from your current one."),
  ).toBeVisible();
});

test("an unknown address gets the same answer, and no e-mail", async ({ page }) => {
  const unknown = `nobody-${uniqueTag()}@example.com`;
  await page.goto("/admin");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(unknown);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(sameAnswer)).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await outboxFor(unknown)).toEqual([]);
});

test("two-factor: set up with a code from the shown key, then sign in with a challenge; a password-only session reads no leads", async ({
  page,
}) => {
  const member = await createMember();
  await insertLeads([
    {
      name: "Two-factor Lead",
      email: `lead-${uniqueTag()}@example.com`,
      message: "Personal data behind aal2",
      source: "contact",
      language: "en",
    },
  ]);

  await page.goto("/admin?tab=profile");
  await signInAsStaff(page, member.email, member.password);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  const { secret, code } = await turnOnTwoFactor(page);
  await expect(page.getByText("On", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await signInAsStaff(page, member.email, member.password);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expect(staffSection(page, "Leads")).toHaveCount(0);
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  await codeField.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await codeField.fill(await freshCode(secret, code));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(staffSection(page, "Leads")).toBeVisible();

  // The password alone gives an aal1 session: the database refuses it every lead.
  const passwordOnly = siteClient();
  const session = await passwordOnly.auth.signInWithPassword(member);
  expect(session.error).toBeNull();
  const claims = JSON.parse(
    Buffer.from(session.data.session!.access_token.split(".")[1]!, "base64url").toString(),
  ) as { aal: string };
  expect(claims.aal).toBe("aal1");
  const leads = await passwordOnly.from("leads").select("id").limit(5);
  expect(leads.error !== null || leads.data?.length === 0).toBe(true);
});
