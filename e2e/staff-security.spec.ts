import type { Page } from "@playwright/test";
import type { SupabaseClient } from "@supabase/supabase-js";
import { TOTP } from "otpauth";
import { createNodeClient } from "../scripts/lib/node-supabase-client";
import type { Database } from "../shared/database.types";
import { expect, test } from "./fixtures";
import { outboxFor } from "./support/leads";
import { publicKey, serviceClient, stackUrl } from "./support/stack";
import { insertLeads, signInAsStaff, staffSection, uniqueTag } from "./support/staff";

// A staff member's own security (issue 33): a forgotten password (the e-mail's link, the new
// password ending the account's other sessions, the same password refused), two-factor sign-in
// with a real authenticator's code (and the database refusing leads to a password-only
// session), and the team's two-factor rule walking a member through its set-up.

// Serial: the last test switches the team's two-factor rule on for a moment.
test.describe.configure({ mode: "serial", timeout: 120_000 });
// Auth's refusals the tests ask for (the same password, a wrong code) are logged by the browser.
test.use({ allowConsoleErrors: [/status of 422/] });

const sameAnswer =
  "If this address belongs to a staff account, we have sent a link to reset its password. It expires in 24 hours.";

interface Member {
  id: string;
  email: string;
  password: string;
}

/** A joined Sales member (leads and subscribers), made with the service role. */
async function createMember(): Promise<Member> {
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
    .insert({ user_id: id, role: "sales", joined_at: new Date().toISOString() });
  if (joined.error) throw joined.error;
  return { id, email, password };
}

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

/** The code an authenticator app shows for this key now, after the one already used (if any). */
async function freshCode(secret: string, used?: string): Promise<string> {
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
async function turnOnTwoFactor(page: Page): Promise<{ secret: string; code: string }> {
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

test("when the team requires two-factor, a member without it is walked through its set-up first", async ({
  page,
}) => {
  const member = await createMember();
  const setRequired = async (required: boolean) => {
    const { error } = await serviceClient()
      .from("staff_settings")
      .update({ require_two_factor: required })
      .eq("id", true);
    if (error) throw error;
  };
  await setRequired(true);
  try {
    await page.goto("/admin");
    await signInAsStaff(page, member.email, member.password);
    await expect(
      page.getByText("Your team requires two-factor sign-in. Set it up to continue."),
    ).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Staff sections" })).toHaveCount(0);
    await turnOnTwoFactor(page);
    await expect(staffSection(page, "Leads")).toBeVisible();
  } finally {
    await setRequired(false);
  }
});
