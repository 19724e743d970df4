// Invitations and e-mailed links through supabase-js: inviteUserByEmail, generateLink,
// verifyOtp({ token_hash, type }) and the e-mail's GET /verify link, the outbox as Auth's SMTP.
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

const authMails = (to: string) =>
  stack.outbox.list().filter((mail) => mail.sentBy === "Supabase Auth" && mail.to[0] === to);

const tokenHashOf = (html: string, path: string) =>
  new RegExp(`${SITE}${path}\\?token_hash=([0-9a-f]{56})&amp;type=`).exec(html)?.[1];

describe("POST /invite", () => {
  it("creates the user, unconfirmed, and mails the invitation in the member's language", async () => {
    const email = "new.member@example.com";
    const { data, error } = await stack.service.auth.admin.inviteUserByEmail(email, {
      data: { language: "fr" },
      redirectTo: `${SITE}/admin/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { language: "fr" } });
    expect(data.user!.invited_at).toBeTruthy();
    expect(data.user!.confirmation_sent_at).toBeTruthy();
    expect(data.user!.email_confirmed_at).toBeUndefined();
    const [mail] = authMails(email);
    expect(mail).toMatchObject({
      from: "Supabase Auth <noreply@mail.app.supabase.io>",
      function: null,
      sentBy: "Supabase Auth",
      subject: "Invitation à rejoindre l'équipe Appgrove",
    });
    expect(mail!.html).toContain("Accepter l'invitation");
    expect(mail!.html).toContain("24&nbsp;heures");
    const hash = tokenHashOf(mail!.html!, "/admin/welcome");
    const stored = await stack.db.query<{ confirmation_token: string }>(
      `select confirmation_token from auth.users where email = $1`,
      [email],
    );
    expect(stored.rows[0]!.confirmation_token).toBe(hash);
  });

  it("writes English when the language is not French", async () => {
    const email = "english.member@example.com";
    await stack.service.auth.admin.inviteUserByEmail(email, { data: { language: "en" } });
    const [mail] = authMails(email);
    expect(mail!.subject).toBe("You're invited to join the Appgrove team");
    expect(mail!.html).toContain("Accept the invitation");
  });

  it("sends a new link to a pending invitee (the old one dies) and refuses a confirmed address", async () => {
    const email = "resent@example.com";
    await stack.service.auth.admin.inviteUserByEmail(email, { data: { language: "en" } });
    await stack.service.auth.admin.inviteUserByEmail(email, { data: { language: "en" } });
    const [first, second] = authMails(email).map((mail) =>
      tokenHashOf(mail.html!, "/admin/welcome"),
    );
    expect(first).not.toBe(second);
    const anon = client(stack.url, stack.anonKey);
    const stale = await anon.auth.verifyOtp({ token_hash: first!, type: "invite" });
    expect(stale.error).toMatchObject({ status: 403, code: "otp_expired" });
    const accepted = await anon.auth.verifyOtp({ token_hash: second!, type: "invite" });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user!.email_confirmed_at).toBeTruthy();
    expect(accepted.data.session!.access_token).toBeTruthy();
    const again = await stack.service.auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: "email_exists" });
  });

  it("is for the service role only", async () => {
    const { error } = await client(stack.url, stack.anonKey).auth.admin.inviteUserByEmail(
      "nobody@example.com",
    );
    expect(error).toMatchObject({ status: 403, code: "not_admin" });
  });
});

describe("verifyOtp and the e-mail's link", () => {
  it("uses a token once and answers a session like /token, amr otp", async () => {
    const email = "once@example.com";
    const link = await stack.service.auth.admin.generateLink({ type: "invite", email });
    expect(link.error).toBeNull();
    const properties = link.data.properties!;
    expect(properties).toMatchObject({ verification_type: "invite", redirect_to: SITE });
    expect(properties.email_otp).toMatch(/^\d{6}$/);
    expect(properties.action_link).toBe(
      `${stack.url}/auth/v1/verify?token=${properties.hashed_token}&type=invite&redirect_to=${SITE}`,
    );
    const anon = client(stack.url, stack.anonKey);
    const first = await anon.auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "invite",
    });
    expect(first.error).toBeNull();
    expect(first.data.session).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    const claims = JSON.parse(
      Buffer.from(first.data.session!.access_token.split(".")[1]!, "base64url").toString(),
    );
    expect(claims).toMatchObject({ aal: "aal1", amr: [{ method: "otp" }] });
    const second = await anon.auth.verifyOtp({
      token_hash: properties.hashed_token,
      type: "invite",
    });
    expect(second.error).toMatchObject({
      status: 403,
      code: "otp_expired",
      message: "Email link is invalid or has expired",
    });
  });

  it("refuses a token older than [auth.email] otp_expiry", async () => {
    const email = "late@example.com";
    await stack.service.auth.admin.createUser({
      email,
      password: "old-password",
      email_confirm: true,
    });
    const link = await stack.service.auth.admin.generateLink({ type: "recovery", email });
    await stack.db.query(
      `update auth.users set recovery_sent_at = now() - interval '86401 seconds' where email = $1`,
      [email],
    );
    const { error } = await client(stack.url, stack.anonKey).auth.verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: "recovery",
    });
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });

  it("GET /verify redirects with the session, or the error, in the fragment", async () => {
    const email = "link@example.com";
    const link = await stack.service.auth.admin.generateLink({
      type: "invite",
      email,
      options: { redirectTo: `${SITE}/admin/welcome` },
    });
    const actionLink = link.data.properties!.action_link;
    const response = await fetch(actionLink, { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/admin/welcome`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([...fragment.keys()]).toEqual([
      "access_token",
      "expires_at",
      "expires_in",
      "refresh_token",
      "sb",
      "token_type",
      "type",
    ]);
    expect(fragment.get("type")).toBe("invite");
    const reused = await fetch(actionLink, { redirect: "manual" });
    expect(reused.headers.get("location")).toBe(
      `${SITE}/admin/welcome#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
  });

  it("sends a redirect_to outside the site and the allow list to the site instead", async () => {
    const link = await stack.service.auth.admin.generateLink({
      type: "invite",
      email: "elsewhere@example.com",
      options: { redirectTo: "https://evil.example/steal" },
    });
    expect(link.data.properties!.redirect_to).toBe(SITE);
  });
});

describe("admin", () => {
  it("deleting a user ends their sessions", async () => {
    const email = "leaving@example.com";
    const created = await stack.service.auth.admin.createUser({
      email,
      password: "leaving-password",
      email_confirm: true,
    });
    const member = client(stack.url, stack.anonKey);
    await member.auth.signInWithPassword({ email, password: "leaving-password" });
    await stack.service.auth.admin.deleteUser(created.data.user!.id);
    const sessions = await stack.db.query(`select 1 from auth.sessions where user_id = $1`, [
      created.data.user!.id,
    ]);
    expect(sessions.rows).toHaveLength(0);
    const { error } = await member.auth.getUser();
    expect(error).toMatchObject({ status: 403 });
  });
});
