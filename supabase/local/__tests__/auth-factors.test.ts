// TOTP factors through supabase-js's auth.mfa: enrol, challenge and verify (aal2), the
// assurance level, password changes and unenrolment at aal1, and the admin's factor API.
import * as OTPAuth from "otpauth";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, jwtClaims, startTestStack, type TestStack } from "./helpers.ts";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ siteUrl: "http://127.0.0.1:5173" });
});

afterAll(async () => {
  await stack?.close();
});

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

async function signedIn(email: string, password = "factor-password") {
  const created = await stack.service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  const sb = client(stack.url, stack.anonKey);
  await sb.auth.signInWithPassword({ email, password });
  return { sb, id: created.data.user!.id, password };
}

async function enrolled(sb: SupabaseClient) {
  const { data, error } = await sb.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  expect(error).toBeNull();
  const verified = await sb.auth.mfa.challengeAndVerify({
    factorId: data!.id,
    code: codeFor(data!.totp.secret),
  });
  expect(verified.error).toBeNull();
  return data!;
}

describe("enrolment and verification", () => {
  it("enrols a TOTP factor with GoTrue's answer and makes the session aal2", async () => {
    const { sb } = await signedIn("totp@example.com");
    const enrolment = await sb.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    expect(enrolment.error).toBeNull();
    const factor = enrolment.data!;
    expect(factor).toMatchObject({ type: "totp", friendly_name: "Phone" });
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(factor.totp.qr_code).not.toContain("#");
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\/127\.0\.0\.1%3A5173:totp%40example\.com\?/);
    const duplicate = await sb.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
    expect(duplicate.error).toMatchObject({ status: 422, code: "mfa_factor_name_conflict" });

    const before = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal1" });
    const challenge = await sb.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);
    const wrong = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: "000000" === codeFor(factor.totp.secret) ? "111111" : "000000",
    });
    expect(wrong.error).toMatchObject({ status: 422, code: "mfa_verification_failed" });
    const verified = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(verified.error).toBeNull();
    const claims = jwtClaims(verified.data!.access_token);
    expect(claims.aal).toBe("aal2");
    expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual([
      "totp",
      "password",
    ]);
    const used = await sb.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(used.error).toMatchObject({ status: 422, code: "mfa_ip_address_mismatch" });

    const after = await sb.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const factors = await sb.auth.mfa.listFactors();
    expect(factors.data!.totp).toMatchObject([{ id: factor.id, status: "verified" }]);

    const refreshed = await sb.auth.refreshSession();
    expect(jwtClaims(refreshed.data.session!.access_token).aal).toBe("aal2");
    const stored = await stack.db.query<{ aal: string; factor_id: string }>(
      `select aal, factor_id::text as factor_id from auth.sessions where id = $1`,
      [claims.session_id],
    );
    expect(stored.rows[0]).toEqual({ aal: "aal2", factor_id: factor.id });
  });
});

describe("a user with a verified factor", () => {
  it("at aal1: must verify before changing the password or removing the factor", async () => {
    const { sb, password } = await signedIn("guarded@example.com");
    const factor = await enrolled(sb);
    const fresh = client(stack.url, stack.anonKey);
    await fresh.auth.signInWithPassword({ email: "guarded@example.com", password });
    const level = await fresh.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal1", nextLevel: "aal2" });
    const change = await fresh.auth.updateUser({ password: "another-password" });
    expect(change.error).toMatchObject({ status: 401, code: "insufficient_aal" });
    const removal = await fresh.auth.mfa.unenroll({ factorId: factor.id });
    expect(removal.error).toMatchObject({ status: 422, code: "insufficient_aal" });
    await fresh.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect((await fresh.auth.updateUser({ password: "another-password" })).error).toBeNull();
    expect((await fresh.auth.mfa.unenroll({ factorId: factor.id })).error).toBeNull();
    const after = await fresh.auth.refreshSession();
    expect(jwtClaims(after.data.session!.access_token).aal).toBe("aal1");
  });

  it("the admin lists and deletes factors; the sessions they raised drop to aal1", async () => {
    const { sb, id } = await signedIn("reset@example.com");
    const factor = await enrolled(sb);
    const listed = await stack.service.auth.admin.mfa.listFactors({ userId: id });
    expect(listed.data!.factors).toMatchObject([
      { id: factor.id, status: "verified", factor_type: "totp", friendly_name: "Phone" },
    ]);
    const deleted = await stack.service.auth.admin.mfa.deleteFactor({ userId: id, id: factor.id });
    expect(deleted.error).toBeNull();
    const refreshed = await sb.auth.refreshSession();
    expect(jwtClaims(refreshed.data.session!.access_token)).toMatchObject({
      aal: "aal1",
      amr: [{ method: "password" }],
    });
    const missing = await stack.service.auth.admin.mfa.deleteFactor({ userId: id, id: factor.id });
    expect(missing.error).toMatchObject({ status: 404, code: "mfa_factor_not_found" });
  });
});
