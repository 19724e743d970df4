import { expect, type Page } from "@playwright/test";
import { TOTP } from "otpauth";
import type { Database } from "../../shared/database.types";
import { serviceClient } from "./stack";
import { uniqueTag } from "./staff";

// Staff members and two-factor as the security specs use them: a member made with the service
// role, an authenticator app's codes, and Profile's two-factor set-up.

export interface Member {
  id: string;
  email: string;
  password: string;
}

/** A joined member (Sales: leads and subscribers, unless told otherwise), made with the service role. */
export async function createMember(
  role: Database["public"]["Enums"]["staff_role"] = "sales",
): Promise<Member> {
  const tag = uniqueTag();
  const email = `security-${tag}@example.com`;
  const password = `first-password-${tag}`;
  const created = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  const joined = await serviceClient()
    .from("staff_members")
    .insert({ user_id: id, role, joined_at: new Date().toISOString() });
  if (joined.error) throw joined.error;
  return { id, email, password };
}

/** The code an authenticator app shows for this key now, after the one already used (if any). */
export async function freshCode(secret: string, used?: string): Promise<string> {
  const totp = new TOTP({ secret: secret.replace(/\s/g, "") });
  let code = totp.generate();
  // Auth accepts a code once: wait for the app's next one.
  while (code === used) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    code = totp.generate();
  }
  return code;
}

/** Profile → "Set up two-factor" → the key the page shows → a code from it. Returns the key. */
export async function turnOnTwoFactor(page: Page): Promise<{ secret: string; code: string }> {
  await page.getByRole("button", { name: "Set up two-factor" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const shown = await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7 ]+$/ })
    .innerText();
  expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  const code = await freshCode(shown);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Turn on two-factor" }).click();
  return { secret: shown, code };
}
