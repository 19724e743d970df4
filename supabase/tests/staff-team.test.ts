// The staff-team function through supabase-js against the local stack: what an Administrator
// does to the team through Supabase Auth (invite, resend, revoke, remove, reset two-factor), what
// everyone else is refused, and what each change leaves behind (the account, the membership,
// the audit log, the invitee's e-mail).

import fs from "node:fs";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import { startTestStack, type TestStack } from "../local/__tests__/helpers.ts";
import {
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
} from "../local/src/config.ts";
import type { OutboxEntry } from "../local/src/outbox.ts";
import type { Database } from "../../shared/database.types.ts";

const ADMIN_EMAIL = "owner@appgrove.test";
const ADMIN_PASSWORD = "owner-password-for-tests";
const PASSWORD = "colleague-password-1";

let stack: TestStack;
let admin: SupabaseClient<Database>;

const client = () => createNodeClient<Database>(stack.url, stack.publishableKey);

async function signedIn(email: string, password: string): Promise<SupabaseClient<Database>> {
  const c = client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

/** A colleague who has joined with `role`, signed in. */
async function member(email: string, role: "admin" | "sales" | "editor") {
  const created = await stack.service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const id = created.data.user.id;
  const joined = await stack.service
    .from("staff_members")
    .insert({ user_id: id, role, joined_at: new Date().toISOString() });
  if (joined.error) throw joined.error;
  return { id, client: await signedIn(email, PASSWORD) };
}

interface TeamAnswer {
  status: number;
  error?: string;
  message?: string;
  ok?: boolean;
}

async function team(c: SupabaseClient, body: Record<string, unknown>): Promise<TeamAnswer> {
  const { data, error } = await c.functions.invoke("staff-team", { body });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, ...((await response.json()) as object) };
  }
  if (error) throw error;
  return { status: 200, ...(data as object) };
}

async function outboxFor(email: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${stack.url}/__local/outbox`, {
    headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` },
  });
  const entries = (await response.json()) as OutboxEntry[];
  return entries.filter(({ to }) => to.includes(email));
}

async function teamRow(email: string) {
  const { data, error } = await admin.rpc("staff_team");
  if (error) throw error;
  return data.find((row) => row.email === email) ?? null;
}

async function lastAudit() {
  const { data, error } = await admin.rpc("staff_audit", { page_size: 1 });
  if (error) throw error;
  return data[0]!;
}

const accountExists = async (id: string) =>
  (await stack.service.auth.admin.getUserById(id)).error === null;

beforeAll(async () => {
  stack = await startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    seedFile: DEFAULT_SEED_FILE,
    functionsDir: DEFAULT_FUNCTIONS_DIR,
    seedAdmin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  admin = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await stack?.close();
});

describe("inviting", () => {
  it("sends Auth's invitation in the invitee's language and records a pending member", async () => {
    const answer = await team(admin, {
      action: "invite",
      email: " Camille@Example.com ",
      role: "sales",
      language: "fr",
    });
    expect(answer).toMatchObject({ status: 200, ok: true });

    const row = await teamRow("camille@example.com");
    expect(row).toMatchObject({ role: "sales", language: "fr", joined_at: null });
    expect(row!.invited_at).not.toBeNull();
    const [mail] = await outboxFor("camille@example.com");
    expect(mail?.html).toContain("token_hash=");
    expect(mail?.html).toContain("Accepter l'invitation");
    expect(mail?.sentBy).toBe("Supabase Auth");
    expect(await lastAudit()).toMatchObject({
      action: "invited",
      actor_email: ADMIN_EMAIL,
      target_email: "camille@example.com",
      details: { role: "sales", language: "fr" },
    });
  });

  it("resends a pending invitation with a new link", async () => {
    const row = await teamRow("camille@example.com");
    const before = await outboxFor("camille@example.com");
    expect(await team(admin, { action: "resend", member: row!.user_id })).toMatchObject({
      status: 200,
    });
    const after = await outboxFor("camille@example.com");
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.html).not.toBe(before.at(-1)!.html);
    expect(await lastAudit()).toMatchObject({ action: "invitation_resent" });
  });

  it("refuses an address already on the team, and a malformed one, changing nothing", async () => {
    expect(
      await team(admin, { action: "invite", email: ADMIN_EMAIL, role: "editor", language: "en" }),
    ).toMatchObject({ status: 409, error: "already_member" });
    expect(
      await team(admin, {
        action: "invite",
        email: "not-an-address",
        role: "editor",
        language: "en",
      }),
    ).toMatchObject({ status: 400, error: "invalid_email" });
    expect(
      await team(admin, {
        action: "invite",
        email: "x@example.com",
        role: "owner",
        language: "en",
      }),
    ).toMatchObject({ status: 400, error: "invalid_request" });
    expect((await teamRow(ADMIN_EMAIL))!.role).toBe("admin");
    expect(await teamRow("x@example.com")).toBeNull();
  });

  it("revokes a pending invitation: the unused account is gone, the log keeps who it was", async () => {
    await team(admin, {
      action: "invite",
      email: "gone@example.com",
      role: "editor",
      language: "en",
    });
    const row = await teamRow("gone@example.com");
    expect(await team(admin, { action: "revoke", member: row!.user_id })).toMatchObject({
      status: 200,
    });
    expect(await accountExists(row!.user_id)).toBe(false);
    expect(await teamRow("gone@example.com")).toBeNull();
    expect(await lastAudit()).toMatchObject({
      action: "invitation_revoked",
      target_email: "gone@example.com",
    });
    // A joined member's invitation cannot be "revoked".
    const adminId = (await teamRow(ADMIN_EMAIL))!.user_id;
    const other = await member("other-admin@example.com", "admin");
    expect(await team(other.client, { action: "revoke", member: adminId })).toMatchObject({
      status: 409,
      error: "not_pending",
    });
  });
});

describe("who may", () => {
  it("refuses anyone who does not manage the team, before doing anything", async () => {
    const sales = await member("seller@example.com", "sales");
    const editor = await member("writer@example.com", "editor");
    for (const caller of [sales.client, editor.client]) {
      expect(
        await team(caller, {
          action: "invite",
          email: "z@example.com",
          role: "admin",
          language: "en",
        }),
      ).toMatchObject({ status: 403, error: "not_allowed" });
      expect(await team(caller, { action: "remove", member: sales.id })).toMatchObject({
        status: 403,
      });
    }
    expect(
      await team(client(), {
        action: "invite",
        email: "z@example.com",
        role: "admin",
        language: "en",
      }),
    ).toMatchObject({ status: 401, error: "not_signed_in" });
    expect(await teamRow("z@example.com")).toBeNull();
    expect(await outboxFor("z@example.com")).toEqual([]);
    expect(await accountExists(sales.id)).toBe(true);
  });
});

describe("removing", () => {
  it("removes a member: their account is deleted and their open session reads nothing more", async () => {
    const sales = await member("leaving@example.com", "sales");
    expect((await sales.client.rpc("has_permission", { permission: "read_leads" })).data).toBe(
      true,
    );
    expect(await team(admin, { action: "remove", member: sales.id })).toMatchObject({
      status: 200,
    });
    expect(await accountExists(sales.id)).toBe(false);
    expect((await sales.client.rpc("has_permission", { permission: "read_leads" })).data).toBe(
      false,
    );
    const leads = await sales.client.from("leads").select("id");
    expect(leads.data ?? []).toEqual([]);
    expect((await sales.client.auth.refreshSession()).error).not.toBeNull();
    expect(await lastAudit()).toMatchObject({
      action: "removed",
      target_email: "leaving@example.com",
    });
  });

  it("never removes oneself", async () => {
    const adminId = (await teamRow(ADMIN_EMAIL))!.user_id;
    expect(await team(admin, { action: "remove", member: adminId })).toMatchObject({
      status: 409,
      error: "self",
    });
    expect(await accountExists(adminId)).toBe(true);
  });
});

describe("two-factor", () => {
  it("resets a colleague's lost factor, and logs it", async () => {
    const editor = await member("phone-lost@example.com", "editor");
    const enrolled = await editor.client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error) throw enrolled.error;
    const code = new TOTP({ secret: enrolled.data.totp.secret }).generate();
    const verified = await editor.client.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code,
    });
    expect(verified.error).toBeNull();
    expect((await teamRow("phone-lost@example.com"))!.two_factor).toBe(true);

    expect(await team(admin, { action: "reset_two_factor", member: editor.id })).toMatchObject({
      status: 200,
    });
    expect((await teamRow("phone-lost@example.com"))!.two_factor).toBe(false);
    expect(await lastAudit()).toMatchObject({
      action: "two_factor_reset",
      target_email: "phone-lost@example.com",
      details: { factors: 1 },
    });
  });

  it("the handbook's way back for an only Administrator who lost their phone works as written", async () => {
    const handbook = fs.readFileSync("docs/handbook.md", "utf8");
    const statement = /`(delete from auth\.mfa_factors [^`]+)`/.exec(handbook)?.[1];
    expect(statement).toBeDefined();
    const owner = await member("ada@your-agency.com", "admin");
    const enrolled = await owner.client.auth.mfa.enroll({ factorType: "totp" });
    if (enrolled.error) throw enrolled.error;
    const code = new TOTP({ secret: enrolled.data.totp.secret }).generate();
    await owner.client.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code });
    expect((await teamRow("ada@your-agency.com"))!.two_factor).toBe(true);

    await stack.db.query(statement!);
    expect((await teamRow("ada@your-agency.com"))!.two_factor).toBe(false);
  });
});
