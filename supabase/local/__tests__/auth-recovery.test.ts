// Password recovery and password changes through supabase-js: resetPasswordForEmail,
// verifyOtp({ type: "recovery" }) and updateUser({ password }).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, startTestStack, type TestStack } from "./helpers.ts";

const SITE = "http://127.0.0.1:5173";
let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ siteUrl: SITE });
});

afterAll(async () => {
  await stack?.close();
});

async function member(email: string, password: string) {
  await stack.service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { language: "en" },
  });
}

const recoveryHash = (to: string) => {
  const mail = stack.outbox.list().findLast((item) => item.to[0] === to);
  return /\/admin\/reset-password\?token_hash=([0-9a-f]{56})&amp;type=recovery/.exec(
    mail?.html ?? "",
  )?.[1];
};

describe("resetPasswordForEmail", () => {
  it("mails a known address and answers an unknown one the same, without mail", async () => {
    await member("forgetful@example.com", "first-password");
    const anon = client(stack.url, stack.anonKey);
    const before = stack.outbox.list().length;
    const known = await anon.auth.resetPasswordForEmail("forgetful@example.com", {
      redirectTo: `${SITE}/admin/reset-password`,
    });
    const unknown = await anon.auth.resetPasswordForEmail("stranger@example.com");
    expect(known).toEqual({ data: {}, error: null });
    expect(unknown).toEqual({ data: {}, error: null });
    const sent = stack.outbox.list().slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([["forgetful@example.com"]]);
    expect(sent[0]).toMatchObject({
      subject: "Reset your Appgrove password",
      sentBy: "Supabase Auth",
    });
  });

  it("refuses a second e-mail within [auth.email] max_frequency with 429", async () => {
    await member("impatient@example.com", "first-password");
    const anon = client(stack.url, stack.anonKey);
    await anon.auth.resetPasswordForEmail("impatient@example.com");
    const { error } = await anon.auth.resetPasswordForEmail("impatient@example.com");
    expect(error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    expect(error!.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );
  });
});

describe("verifyOtp recovery, then updateUser", () => {
  it("signs in, refuses the same password, and a new one ends every other session", async () => {
    const email = "resetting@example.com";
    await member(email, "first-password");
    const other = client(stack.url, stack.anonKey);
    await other.auth.signInWithPassword({ email, password: "first-password" });
    await client(stack.url, stack.anonKey).auth.resetPasswordForEmail(email);
    const browser = client(stack.url, stack.anonKey);
    const events: string[] = [];
    browser.auth.onAuthStateChange((event) => events.push(event));
    const verified = await browser.auth.verifyOtp({
      token_hash: recoveryHash(email)!,
      type: "recovery",
    });
    expect(verified.error).toBeNull();
    expect(events).toContain("PASSWORD_RECOVERY");

    const same = await browser.auth.updateUser({ password: "first-password" });
    expect(same.error).toMatchObject({
      status: 422,
      code: "same_password",
      message: "New password should be different from the old password.",
    });
    // supabase/config.toml's [auth] minimum_password_length = 8: seven characters are refused.
    const weak = await browser.auth.updateUser({ password: "7-chars" });
    expect(weak.error).toMatchObject({
      status: 422,
      code: "weak_password",
      message: "Password should be at least 8 characters.",
      reasons: ["length"],
    });

    const changed = await browser.auth.updateUser({ password: "8-chars!" });
    expect(changed.error).toBeNull();
    expect(changed.data.user!.email).toBe(email);
    expect((await browser.auth.getUser()).error).toBeNull();
    // auth-js drops a session the server no longer knows (403 session_not_found).
    const { data: gone } = await other.auth.getUser();
    expect(gone.user).toBeNull();
    const sessions = await stack.db.query(`select 1 from auth.sessions where user_id = $1`, [
      changed.data.user!.id,
    ]);
    expect(sessions.rows).toHaveLength(1);
    const signIn = await client(stack.url, stack.anonKey).auth.signInWithPassword({
      email,
      password: "8-chars!",
    });
    expect(signIn.error).toBeNull();
  });
});
