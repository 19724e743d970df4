// Names that cannot be borrowed: a Sales member, signed in with two-factor through supabase-js,
// tries to take a colleague's display name in disguise (a look-alike letter, a zero-width space,
// a trailing no-break space, a right-to-left override), and an invitee joins under a look-alike.
// The database refuses each; a look-alike with the error the Profile form and the welcome page
// answer with "This name is already used by a colleague."
// Names are stored in NFKC.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { jwtClaims, type TestStack } from "../../local/__tests__/helpers.ts";
import { createNodeClient } from "../../../scripts/lib/node-supabase-client.ts";
import { BACKEND, startProjectStack, suiteFigures } from "./support.ts";

const PASSWORD = "sales-password-for-name-tests";
const COLLEAGUE_NAME = "Alice Martin";

let stack: TestStack;
let service: SupabaseClient;
let sales: SupabaseClient;
let salesId = "";
const { figures, figure } = suiteFigures("access");

/** A joined member of the team with `role`; their id. */
async function member(role: "sales" | "editor", email: string): Promise<string> {
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(error).toBeNull();
  const joined = await service
    .from("staff_members")
    .insert({ user_id: data.user!.id, role, joined_at: new Date().toISOString() });
  expect(joined.error).toBeNull();
  return data.user!.id;
}

/** Enrols a TOTP factor through the MFA API and verifies it: `c`'s session is aal2 from then on. */
async function enrolTotp(c: SupabaseClient): Promise<void> {
  const enrolled = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  if (enrolled.error) throw enrolled.error;
  const code = new TOTP({
    secret: Secret.fromBase32(enrolled.data.totp.secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate();
  const verified = await c.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code });
  if (verified.error) throw verified.error;
  expect(jwtClaims(verified.data.access_token)).toMatchObject({ aal: "aal2" });
}

async function nameOf(userId: string): Promise<string> {
  const { data, error } = await service
    .from("staff_profiles")
    .select("display_name")
    .eq("user_id", userId)
    .single();
  expect(error).toBeNull();
  return data!.display_name;
}

/** The Sales member renames themself, as the Profile form does. */
const rename = (displayName: string) =>
  sales
    .from("staff_profiles")
    .update({ display_name: displayName })
    .eq("user_id", salesId)
    .select();

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null });
  service = stack.service;
  const tag = randomUUID().slice(0, 8);
  const colleagueId = await member("editor", `alice-${tag}@example.com`);
  const named = await service
    .from("staff_profiles")
    .update({ display_name: COLLEAGUE_NAME })
    .eq("user_id", colleagueId);
  expect(named.error).toBeNull();

  const email = `sales-${tag}@example.com`;
  salesId = await member("sales", email);
  sales = createNodeClient(stack.url, stack.anonKey);
  const signedIn = await sales.auth.signInWithPassword({ email, password: PASSWORD });
  expect(signedIn.error).toBeNull();
  await enrolTotp(sales);
});

afterAll(async () => {
  recordFigures("names", BACKEND, figures);
  await stack?.close();
});

describe(`a colleague's name in disguise (${BACKEND})`, () => {
  const DISGUISES: [label: string, name: string, refusal: RegExp][] = [
    // A Cyrillic "А" (U+0410) for the Latin "A": a name that looks like the colleague's.
    ["a look-alike letter", `\u0410lice Martin`, /staff_profiles_display_name_key/],
    ["a zero-width space", `Alice\u200B Martin`, /staff_profiles_display_name_check/],
    ["a trailing no-break space", `${COLLEAGUE_NAME}\u00A0`, /staff_profiles_display_name_check/],
    ["a right-to-left override", `${COLLEAGUE_NAME}\u202E`, /staff_profiles_display_name_check/],
  ];

  for (const [label, name, refusal] of DISGUISES) {
    it(`refuses ${label}`, async () => {
      const before = await nameOf(salesId);
      const { error, data } = await rename(name);
      const after = await nameOf(salesId);
      const expectedCode = refusal.source.endsWith("_key") ? "23505" : "23514";
      const refused =
        error?.code === expectedCode && refusal.test(error.message) && after === before;
      figure(
        `a Sales member takes a colleague's name with ${label}`,
        refused ? `refused (${error!.code})` : `ACCEPTED: stored ${JSON.stringify(after)}`,
        refused,
      );
      expect(data).toBeNull();
      expect(error?.code).toBe(expectedCode);
      expect(error?.message).toMatch(refusal);
      expect(after).toBe(before);
    });
  }

  it("refuses a look-alike on joining, with the error the welcome page names", async () => {
    const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const created = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const inviteeId = created.data.user!.id;
    const pending = await service
      .from("staff_members")
      .insert({ user_id: inviteeId, role: "sales", invited_at: new Date().toISOString() });
    expect(pending.error).toBeNull();
    const invitee = createNodeClient(stack.url, stack.anonKey);
    expect((await invitee.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const { error } = await invitee.rpc("accept_staff_invitation", {
      display_name: `\u0410lice Martin`,
    });
    const membership = await service
      .from("staff_members")
      .select("joined_at")
      .eq("user_id", inviteeId)
      .single();
    const refused =
      error?.code === "23505" &&
      /staff_profiles_display_name_key/.test(error.message) &&
      membership.data?.joined_at === null;
    figure(
      "an invitee joins under a look-alike of a colleague's name",
      refused ? `refused (${error!.code}), still pending` : `ACCEPTED: ${JSON.stringify(error)}`,
      refused,
    );
    expect(error?.code).toBe("23505");
    expect(error?.message).toMatch(/staff_profiles_display_name_key/);
    expect(membership.data).toEqual({ joined_at: null });
  });

  it("numbers a new member's first name when it looks like a colleague's", async () => {
    const tag = randomUUID().slice(0, 8);
    const first = await member("editor", `jean.dupont+a${tag}@example.com`);
    expect(await nameOf(first)).toBe("Jean Dupont");
    // The colleague writes it with a Cyrillic "е" (U+0435).
    const renamed = await service
      .from("staff_profiles")
      .update({ display_name: "J\u0435an Dupont" })
      .eq("user_id", first);
    expect(renamed.error).toBeNull();
    const second = await member("editor", `jean.dupont+b${tag}@example.com`);
    expect(await nameOf(second)).toBe("Jean Dupont 2");
  });

  it("refuses the colleague's name in capitals, as before", async () => {
    const { error } = await rename(COLLEAGUE_NAME.toUpperCase());
    expect(error?.code).toBe("23505");
    expect(error?.message).toMatch(/staff_profiles_display_name_key/);
  });

  it("stores a name in NFKC (a ligature as its letters)", async () => {
    const { error, data } = await rename("Ra\uFB01q Sales");
    const stored = await nameOf(salesId);
    figure(
      "a display name is stored in NFKC",
      `"Ra\\uFB01q Sales" stored as ${JSON.stringify(stored)}`,
      stored === "Rafiq Sales",
    );
    expect(error).toBeNull();
    expect(data).toEqual([expect.objectContaining({ display_name: "Rafiq Sales" })]);
    expect(stored).toBe("Rafiq Sales");
  });
});
