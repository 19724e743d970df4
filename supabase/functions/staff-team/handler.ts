// staff-team: what the Team section does through Supabase Auth's admin API, which needs the
// project's secret key and so cannot run in the browser: invite a colleague (Auth sends the
// invitation e-mail in their language), resend or revoke an invitation, remove a member (their
// account is deleted, which ends their sessions), reset a member's two-factor.
//
// The database decides who may: every action first asks it, with the caller's own access
// token, whether they hold manage_staff (has_permission(), which also demands a live aal2
// session where two-factor is due), or runs the database function that checks it. Each change
// is written to public.staff_audit_log.
import { answerPost, jsonResponse } from "../_shared/http.ts";
import { KiB, type RequestBody } from "../_shared/request-body.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { projectApi, type ApiAnswer, type ProjectApi } from "./project-api.ts";
import { StaffError } from "../_shared/staff-api.ts";
import { readTeamRequest, type TeamRequest } from "./team-request.ts";

/** The database's own refusals (raise exception '<code>') and how the Team section hears them. */
const DATABASE_REFUSALS: Record<string, [number, string]> = {
  last_admin: [409, "The team needs at least one Administrator."],
  self: [409, "You cannot do this to your own account."],
  not_found: [404, "This person is not on the team."],
  not_pending: [409, "This invitation has already been accepted or withdrawn."],
  already_member: [409, "This address already belongs to a staff member."],
};

const notAllowed = () =>
  new StaffError(
    403,
    "not_allowed",
    "Only Administrators, signed in with two-factor where the team requires it, manage the team.",
  );

function refusal(answer: ApiAnswer, doing: string): StaffError {
  const body = (answer.body ?? {}) as { code?: string; message?: string };
  if (body.code === "42501" || answer.status === 401 || answer.status === 403) return notAllowed();
  const known = body.message ? DATABASE_REFUSALS[body.message] : undefined;
  if (known) return new StaffError(known[0], body.message!, known[1]);
  return new StaffError(
    502,
    "unavailable",
    `Could not ${doing} (the project answered ${answer.status}).`,
  );
}

async function succeed(answer: Promise<ApiAnswer>, doing: string): Promise<ApiAnswer> {
  const settled = await answer;
  if (!settled.ok) throw refusal(settled, doing);
  return settled;
}

/** The caller's user id, once the database has said they manage the team. */
async function requireTeamManager(api: ProjectApi): Promise<string> {
  const user = await api.asCaller("/auth/v1/user");
  const id = (user.body as { id?: unknown } | null)?.id;
  if (!user.ok || typeof id !== "string") throw notAllowed();
  const allowed = await api.asCaller("/rest/v1/rpc/has_permission", {
    method: "POST",
    body: { permission: "manage_staff" },
  });
  if (!allowed.ok || allowed.body !== true) throw notAllowed();
  return id;
}

interface Membership {
  role: string;
  language: string;
  joined_at: string | null;
}

async function membershipOf(api: ProjectApi, member: string): Promise<Membership> {
  const found = await succeed(
    api.asProject(`/rest/v1/staff_members?user_id=eq.${member}&select=role,language,joined_at`),
    "read the team",
  );
  const [membership] = found.body as Membership[];
  if (!membership) throw new StaffError(404, "not_found", DATABASE_REFUSALS.not_found![1]);
  return membership;
}

const recordEvent = (
  api: ProjectApi,
  actor: string,
  action: string,
  member: string,
  details = {},
) =>
  succeed(
    api.asProject("/rest/v1/rpc/record_staff_event", {
      method: "POST",
      body: { actor, action, member, details },
    }),
    "record the change",
  );

/** Auth sends (or sends again) the invitation; the answer is the invited user. */
async function sendInvitation(api: ProjectApi, email: string, language: string): Promise<string> {
  const invited = await api.asProject("/auth/v1/invite", {
    method: "POST",
    body: { email, data: { language } },
  });
  // GoTrue's error code is `error_code`, or `code` when the request names an API version.
  const body = (invited.body ?? {}) as { id?: string; code?: unknown; error_code?: unknown };
  if (invited.status === 422 && [body.code, body.error_code].includes("email_exists")) {
    throw new StaffError(409, "already_member", DATABASE_REFUSALS.already_member![1]);
  }
  if (!invited.ok || typeof body.id !== "string") throw refusal(invited, "send the invitation");
  return body.id;
}

const deleteAccount = (api: ProjectApi, member: string) =>
  succeed(
    api.asProject(`/auth/v1/admin/users/${member}`, { method: "DELETE" }),
    "delete the account",
  );

async function invite(
  api: ProjectApi,
  actor: string,
  request: Extract<TeamRequest, { action: "invite" }>,
) {
  const member = await sendInvitation(api, request.email, request.language);
  const recorded = await api.asProject("/rest/v1/rpc/record_staff_invitation", {
    method: "POST",
    body: {
      actor,
      member,
      member_role: request.role,
      member_language: request.language,
      resent: false,
    },
  });
  if (!recorded.ok) {
    const error = refusal(recorded, "record the invitation");
    // Nothing half-done: an invitation the team does not know of is withdrawn.
    if (error.code !== "already_member") await deleteAccount(api, member);
    throw error;
  }
}

async function resend(api: ProjectApi, actor: string, member: string) {
  const membership = await membershipOf(api, member);
  if (membership.joined_at)
    throw new StaffError(409, "not_pending", DATABASE_REFUSALS.not_pending![1]);
  const user = await succeed(api.asProject(`/auth/v1/admin/users/${member}`), "read the account");
  const account = user.body as { email?: string; email_confirmed_at?: string | null };
  const email = account.email ?? "";
  // Auth sends no invitation to a confirmed address (422 email_exists), and an invitee's address
  // is confirmed once they reached a session another way (a password recovery) without joining:
  // that unused account makes way for a new one, invited afresh.
  if (account.email_confirmed_at) await deleteAccount(api, member);
  const invited = await sendInvitation(api, email, membership.language);
  await succeed(
    api.asProject("/rest/v1/rpc/record_staff_invitation", {
      method: "POST",
      body: {
        actor,
        member: invited,
        member_role: membership.role,
        member_language: membership.language,
        resent: true,
      },
    }),
    "record the invitation",
  );
}

/** revoke_staff_invitation or remove_staff_member, as the caller; then the account goes. */
async function endMembership(api: ProjectApi, functionName: string, member: string) {
  await succeed(
    api.asCaller(`/rest/v1/rpc/${functionName}`, { method: "POST", body: { member } }),
    "change the team",
  );
  await deleteAccount(api, member);
}

async function resetTwoFactor(api: ProjectApi, actor: string, member: string) {
  if (member === actor) throw new StaffError(409, "self", DATABASE_REFUSALS.self![1]);
  await membershipOf(api, member);
  const factors = await succeed(
    api.asProject(`/auth/v1/admin/users/${member}/factors`),
    "read the factors",
  );
  const ids = (factors.body as { id: string }[]).map(({ id }) => id);
  for (const id of ids) {
    await succeed(
      api.asProject(`/auth/v1/admin/users/${member}/factors/${id}`, { method: "DELETE" }),
      "remove a factor",
    );
  }
  await recordEvent(api, actor, "two_factor_reset", member, { factors: ids.length });
}

/** An action, a member's id or an address (320 characters at most), a role and a language. */
const MAX_BODY_BYTES = 8 * KiB;

async function perform(req: Request, ctx: FunctionContext, body: RequestBody): Promise<void> {
  const request = readTeamRequest(await body.json());
  const api = projectApi(req, ctx);
  const actor = await requireTeamManager(api);
  switch (request.action) {
    case "invite":
      return invite(api, actor, request);
    case "resend":
      return resend(api, actor, request.member);
    case "revoke":
      return endMembership(api, "revoke_staff_invitation", request.member);
    case "remove":
      return endMembership(api, "remove_staff_member", request.member);
    case "reset_two_factor":
      return resetTwoFactor(api, actor, request.member);
  }
}

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "staff-team", MAX_BODY_BYTES, async (body) => {
    try {
      await perform(req, ctx, body);
      return jsonResponse(200, { ok: true });
    } catch (error) {
      if (error instanceof StaffError) return error.toResponse();
      throw error;
    }
  });

export default handler;
