// What the Auth limit tests share: clients that stand for one visitor each (the stack takes the
// first X-Forwarded-For entry of a request from this machine), a member with a TOTP factor, wrong
// codes, and a copy of the project's config.toml with the MFA verification attempt hook on.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as OTPAuth from "otpauth";
import type { SupabaseClient } from "@supabase/supabase-js";
import { expect } from "vitest";
import { DEFAULT_CONFIG_FILE } from "../src/config.ts";
import { client, type TestStack } from "./helpers.ts";

/** Hosted GoTrue's burst: the 31st request of a burst is the first refused. */
export const BURST = 30;

export const fromAddress = (target: TestStack, address: string) =>
  client(target.url, target.anonKey, { headers: { "X-Forwarded-For": address } });

export const answer = (error: { status?: number; code?: string } | null) =>
  error ? `${error.status} ${error.code}` : "200";

/** The 1-based try of the first 429, or 0. */
export const firstRefusal = (answers: string[]) =>
  answers.findIndex((one) => one.startsWith("429 over_request_rate_limit")) + 1;

export const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** A wrong six-digit code: never the one the secret gives now (or a step either side). */
const wrongCode = (secret: string, index: number) => {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  for (let offset = index; ; offset++) {
    const code = String((123456 + offset * 7919) % 1_000_000).padStart(6, "0");
    if (totp.validate({ token: code, window: 1 }) === null) return code;
  }
};

/** A member with a verified TOTP factor, then signed in again at aal1 from `address`. */
export async function memberWithFactor(target: TestStack, email: string, address: string) {
  const password = "member-password-for-limits";
  await target.service.auth.admin.createUser({ email, password, email_confirm: true });
  const owner = fromAddress(target, "192.0.2.200");
  await owner.auth.signInWithPassword({ email, password });
  const enrolled = await owner.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  const secret = enrolled.data!.totp.secret;
  const factorId = enrolled.data!.id;
  const verified = await owner.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
  expect(verified.error).toBeNull();
  const visitor = fromAddress(target, address);
  expect((await visitor.auth.signInWithPassword({ email, password })).error).toBeNull();
  return { visitor, secret, factorId, email, password };
}

/** One challenge, then `count` wrong codes against it; each answer as "status code". */
export async function wrongCodes(
  sb: SupabaseClient,
  factorId: string,
  secret: string,
  count: number,
) {
  const challenge = await sb.auth.mfa.challenge({ factorId });
  expect(challenge.error).toBeNull();
  const answers: string[] = [];
  for (let i = 0; i < count; i++) {
    const { error } = await sb.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: wrongCode(secret, i),
    });
    answers.push(answer(error));
  }
  return answers;
}

/**
 * supabase/config.toml with [auth.hook.mfa_verification_attempt] enabled, in a project folder
 * like this one (its templates and functions linked, as config.toml names them relatively).
 */
export function configWithMfaHook(): { file: string; remove: () => void } {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "mfa-hook-"));
  const supabaseDir = path.dirname(DEFAULT_CONFIG_FILE);
  fs.mkdirSync(path.join(directory, "supabase"));
  for (const linked of ["templates", "functions"]) {
    fs.symlinkSync(path.join(supabaseDir, linked), path.join(directory, "supabase", linked));
  }
  const file = path.join(directory, "supabase", "config.toml");
  const declared = fs.readFileSync(DEFAULT_CONFIG_FILE, "utf8");
  const off = "[auth.hook.mfa_verification_attempt]\nenabled = false";
  expect(declared).toContain(off);
  fs.writeFileSync(
    file,
    declared.replace(off, "[auth.hook.mfa_verification_attempt]\nenabled = true"),
  );
  return { file, remove: () => fs.rmSync(directory, { recursive: true, force: true }) };
}
