// A stale invitation cannot be claimed. Auth's invitation link works for 24 hours, but password
// recovery gives any invited address a session whatever its membership: the database itself must
// refuse a pending membership past 24 hours from its last (re)send (accept_staff_invitation),
// and the Team list must show it expired by the same rule (staff_team().invitation_expires_at).
// The lifetime is stated once in the database and must equal Auth's [auth.email] otp_expiry.
import fs from "node:fs";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { parse } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { invitationLifetimeHours } from "../../../shared/staff-invitations.ts";
import { client, type TestStack } from "../../local/__tests__/helpers.ts";
import { DEFAULT_CONFIG_FILE } from "../../local/src/config.ts";
import { BACKEND, runMarker, startProjectStack, suiteFigures } from "./support.ts";

const ADMIN = { email: "owner@appgrove.test", password: "owner-password-for-invitation-tests" };
const INVITEE_PASSWORD = "invitee-password-for-tests";
const DAY_MS = 24 * 60 * 60 * 1000;

const { figures, figure } = suiteFigures("access");
let stack: TestStack;
let admin: SupabaseClient;

async function team(body: Record<string, unknown>): Promise<number> {
  const { error } = await admin.functions.invoke("staff-team", { body });
  if (error instanceof FunctionsHttpError) return (error.context as Response).status;
  if (error) throw error;
  return 200;
}

async function teamRow(email: string) {
  const { data, error } = await admin.rpc("staff_team");
  if (error) throw error;
  return (
    data as {
      email: string;
      user_id: string;
      invited_at: string;
      joined_at: string | null;
      invitation_expires_at: string | null;
    }[]
  ).find((row) => row.email === email);
}

/** The token hash of the newest recovery e-mail to `email`, from the stack's outbox. */
function recoveryHash(email: string): string {
  const mail = stack.outbox.list().findLast((entry) => entry.to.includes(email));
  const hash = /\/admin\/reset-password\?token_hash=([0-9a-f]+)&amp;type=recovery/.exec(
    mail?.html ?? "",
  )?.[1];
  if (!hash) throw new Error(`no recovery e-mail to ${email}`);
  return hash;
}

const joinedAudits = async (userId: string) =>
  (
    await stack.db.query(
      "select 1 from public.staff_audit_log where action = 'joined' and target_id = $1",
      [userId],
    )
  ).rows.length;

beforeAll(async () => {
  stack = await startProjectStack({ seedAdmin: ADMIN });
  admin = client(stack.url, stack.publishableKey);
  const { error } = await admin.auth.signInWithPassword(ADMIN);
  if (error) throw error;
});

afterAll(async () => {
  recordFigures("invitations", BACKEND, figures);
  await stack?.close();
});

describe("an invitation's lifetime", () => {
  it("is stated once in the database and equals Auth's [auth.email] otp_expiry", async () => {
    const config = parse(fs.readFileSync(DEFAULT_CONFIG_FILE, "utf8")) as {
      auth: { email: { otp_expiry: number } };
    };
    const { rows } = await stack.db.query<{ seconds: string }>(
      "select extract(epoch from private.staff_invitation_expires_at(timestamptz 'epoch'))::text as seconds",
    );
    const seconds = Number(rows[0]!.seconds);
    expect(seconds).toBe(config.auth.email.otp_expiry);
    // The hours the Team section and the invitation page say.
    expect(invitationLifetimeHours * 3600).toBe(seconds);
    figure("invitation lifetime = [auth.email] otp_expiry", `${seconds} s`, true);
  });

  it("refuses a three-day-old invitation claimed through password recovery, until it is resent", async () => {
    const email = `${runMarker("stale")}@example.com`;
    expect(await team({ action: "invite", email, role: "sales", language: "en" })).toBe(200);
    const invited = (await teamRow(email))!;
    expect(Date.parse(invited.invitation_expires_at!)).toBe(
      Date.parse(invited.invited_at) + DAY_MS,
    );

    // Left pending for three days.
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS).toISOString();
    const moved = await stack.service
      .from("staff_members")
      .update({ invited_at: threeDaysAgo })
      .eq("user_id", invited.user_id);
    expect(moved.error).toBeNull();
    const stale = (await teamRow(email))!;
    expect(Date.parse(stale.invitation_expires_at!)).toBeLessThan(Date.now());

    // Password recovery gives the invited address a session, and a password.
    const invitee = client(stack.url, stack.publishableKey);
    expect((await invitee.auth.resetPasswordForEmail(email)).error).toBeNull();
    const verified = await invitee.auth.verifyOtp({
      token_hash: recoveryHash(email),
      type: "recovery",
    });
    expect(verified.error).toBeNull();
    expect((await invitee.auth.updateUser({ password: INVITEE_PASSWORD })).error).toBeNull();

    const started = performance.now();
    const refused = await invitee.rpc("accept_staff_invitation", { display_name: "Late Comer" });
    const refusedMs = performance.now() - started;
    expect(refused.error).toMatchObject({ code: "P0001", message: "invitation_expired" });
    const after = (await teamRow(email))!;
    expect(after.joined_at).toBeNull();
    expect(after.invited_at).toBe(stale.invited_at);
    expect(await joinedAudits(invited.user_id)).toBe(0);
    const access = await invitee.rpc("my_staff_access");
    expect(access.data).toEqual([expect.objectContaining({ joined: false, permissions: [] })]);
    figure(
      "a 3-day-old invitation claimed through password recovery",
      `refused (invitation_expired) in ${refusedMs.toFixed(1)} ms, nothing joined`,
      true,
    );

    // An Administrator resends it: a new invitation, pending for 24 hours from now.
    const before = Date.now();
    expect(await team({ action: "resend", member: invited.user_id })).toBe(200);
    const resent = (await teamRow(email))!;
    expect(resent.joined_at).toBeNull();
    expect(Date.parse(resent.invited_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(resent.invitation_expires_at!)).toBeGreaterThan(Date.now());

    // The new invitation's link works, and the invitee joins.
    const mail = stack.outbox.list().findLast((entry) => entry.to.includes(email));
    const inviteHash = /token_hash=([0-9a-f]+)&amp;type=invite/.exec(mail?.html ?? "")?.[1];
    expect(inviteHash).toBeDefined();
    const fresh = client(stack.url, stack.publishableKey);
    expect(
      (await fresh.auth.verifyOtp({ token_hash: inviteHash!, type: "invite" })).error,
    ).toBeNull();
    expect((await fresh.auth.updateUser({ password: INVITEE_PASSWORD })).error).toBeNull();
    const accepted = await fresh.rpc("accept_staff_invitation", { display_name: "On Time" });
    expect(accepted.error).toBeNull();
    expect((await teamRow(email))!.joined_at).not.toBeNull();
    figure("the same invitation after a Resend", "accepted, joined", true);
  });
});
