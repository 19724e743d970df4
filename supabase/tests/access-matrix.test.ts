// The access matrix: every table (and the post-images bucket, and the functions clients call),
// driven through supabase-js against the local stack by each kind of caller for each
// operation: a visitor, a signed-in user who is not staff, each staff role (Administrator,
// Sales, Editor), the service role; and, where two-factor matters (personal data: leads,
// subscribers, newsletter recipients, the team), each role again as a member with a verified TOTP factor, once in an
// aal1 session and once in an aal2 one. The database (grants + row-level security in
// supabase/migrations) is the security boundary, so this is where it is proven.
//
// `matrix` and `functionMatrix` below are the whole answer: one `it` per caller and cell is
// generated from them. A signed-in user whose token's app_metadata.role says "admin" but who is
// no member of the team ("claims-admin") is tested on every cell too and must get exactly what a
// non-staff user gets: the token's metadata is ignored. What the database does beyond who may
// do what (the team's rules, checks, triggers, seeds, notifications) follows the matrix.

import { randomInt, randomUUID } from "node:crypto";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAsNewVisitors } from "./leads.ts";
import { adminCreate } from "../../scripts/admin-create.ts";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import { Constants, type Enums } from "../../shared/database.types.ts";
import { agencyHours } from "../../shared/agency-hours.ts";
import { jwtClaims, startTestStack } from "../local/__tests__/helpers.ts";
import {
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
} from "../local/src/config.ts";
import { visitorLead, type LeadRow } from "./leads.ts";

const ADMIN_EMAIL = "staff@appgrove.test";
const ADMIN_PASSWORD = "staff-password-for-tests";
const MEMBER_PASSWORD = "member-password-for-tests";
const NOTIFY_TO = "leads@appgrove.test";

type StaffRole = Enums<"staff_role">;
type Permission = Enums<"staff_permission">;

/** The matrix's columns: a visitor, a signed-in user who is not staff, each staff role, the service role. */
type Caller = "anon" | "user" | StaffRole | "service";
/** A member of the role with a verified TOTP factor, in an aal1 or an aal2 session. */
type TotpTester = `${StaffRole}+totp@${"aal1" | "aal2"}`;
/** Who runs the cells: the columns (staff without a factor, aal1), "claims-admin", the TOTP members. */
type Tester = Caller | "claims-admin" | TotpTester;

const STAFF_ROLES: readonly StaffRole[] = Constants.public.Enums.staff_role;
const PERMISSIONS: readonly Permission[] = Constants.public.Enums.staff_permission;
const totp = (role: StaffRole, aal: "aal1" | "aal2"): TotpTester => `${role}+totp@${aal}`;
const TESTERS: readonly Tester[] = [
  "anon",
  "user",
  "claims-admin",
  ...STAFF_ROLES,
  ...STAFF_ROLES.flatMap((role) => [totp(role, "aal1"), totp(role, "aal2")]),
  "service",
];

/** What each staff role grants: public.staff_role_permissions as the migrations fill it. */
const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: ["read_leads", "manage_posts", "manage_subscribers", "manage_staff", "send_newsletter"],
  sales: ["read_leads", "manage_subscribers"],
  editor: ["manage_posts", "send_newsletter"],
};
/** The permissions over personal data: they need an aal2 session from a member with a factor. */
const PERSONAL_DATA: readonly Permission[] = ["read_leads", "manage_subscribers", "manage_staff"];

/**
 * What a caller gets from one operation:
 * - allowed: it happens (a read sees the row it looks for; a write changes it);
 * - none: accepted, but nothing is seen or changed (row security hides every row);
 * - own: (a read) only the caller's own row is seen;
 * - denied: refused (PostgREST's 42501, HTTP 401 for a visitor and 403 for anyone else;
 *   Storage's "403"), and nothing changed;
 * - published: (posts) only published posts whose time has come are seen.
 */
type Access = "allowed" | "none" | "own" | "denied" | "published";

/**
 * One cell: what each column gets, and, where two-factor matters, what a member of each role
 * with a verified factor gets in an aal1 session (`totpAal1`) and in an aal2 one (`totpAal2`,
 * by default the role's column). Without `totpAal1` the TOTP members do not run the cell.
 */
type Cell<T = Access> = Record<Caller, T> & {
  totpAal1?: Record<StaffRole, T>;
  totpAal2?: Record<StaffRole, T>;
};

const EACH_STAFF_ROLE = <T>(answer: (role: StaffRole) => T) =>
  Object.fromEntries(STAFF_ROLES.map((role) => [role, answer(role)])) as Record<StaffRole, T>;

/** For the service role alone; every client, staff included, is refused. */
const SERVICE_ONLY: Cell = {
  anon: "denied",
  user: "denied",
  ...EACH_STAFF_ROLE((): Access => "denied"),
  service: "allowed",
};
/** Nobody, the service role included. */
const NOBODY: Cell = { ...SERVICE_ONLY, service: "denied" };

/**
 * For the staff whose role grants `permission` (or any of several), and the service role;
 * anyone else signed in gets `others`, a visitor `visitor`. A permission over personal data is
 * refused to a member with a factor in an aal1 session, as to anyone without the permission;
 * manage_posts and send_newsletter are not.
 */
function staffWith(
  permission: Permission | readonly Permission[],
  others: Access = "none",
  visitor: Access = "denied",
) {
  const permissions: readonly Permission[] =
    typeof permission === "string" ? [permission] : permission;
  const granted = (role: StaffRole, aal1: boolean): Access =>
    permissions.some(
      (one) => ROLE_PERMISSIONS[role].includes(one) && !(aal1 && PERSONAL_DATA.includes(one)),
    )
      ? "allowed"
      : others;
  return {
    anon: visitor,
    user: others,
    ...EACH_STAFF_ROLE((role) => granted(role, false)),
    service: "allowed",
    totpAal1: EACH_STAFF_ROLE((role) => granted(role, true)),
  } satisfies Cell;
}
/** For every member of staff, whatever the role (their own row), and the service role. */
const ANY_STAFF = (others: Access): Cell => ({
  anon: "denied",
  user: others,
  ...EACH_STAFF_ROLE((): Access => "allowed"),
  service: "allowed",
});

const matrix = {
  leads: {
    select: staffWith("read_leads"),
    "insert a visitor's lead": {
      anon: "allowed",
      user: "allowed",
      ...EACH_STAFF_ROLE((): Access => "allowed"),
      service: "allowed",
    },
    "insert with id, status or created_at": SERVICE_ONLY,
    "update status": staffWith("read_leads"),
    "update what the visitor sent": NOBODY,
    delete: SERVICE_ONLY,
  },
  lead_status_changes: {
    select: staffWith("read_leads"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  lead_notes: {
    select: staffWith("read_leads"),
    insert: staffWith("read_leads", "denied"),
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  lead_emails: {
    select: staffWith("read_leads"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  blog_posts: {
    select: staffWith("manage_posts", "published", "published"),
    insert: staffWith("manage_posts", "denied"),
    update: staffWith("manage_posts"),
    delete: staffWith("manage_posts"),
  },
  blog_categories: {
    select: {
      anon: "allowed",
      user: "allowed",
      ...EACH_STAFF_ROLE((): Access => "allowed"),
      service: "allowed",
    },
  },
  site_builds: {
    select: staffWith("manage_posts"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  site_changes: {
    select: staffWith("manage_posts"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  newsletter_subscribers: {
    select: staffWith("manage_subscribers"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  // Who follows the sends: those who send and those who manage subscribers (Sales).
  newsletter_sends: {
    select: staffWith(["send_newsletter", "manage_subscribers"]),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  newsletter_batches: {
    select: staffWith(["send_newsletter", "manage_subscribers"]),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  // Who was sent what: addresses, so personal data.
  newsletter_recipients: {
    select: staffWith("manage_subscribers"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  staff_profiles: {
    // manage_posts or manage_staff read them all (bylines, the team); any member their own.
    "select every profile": {
      ...staffWith("manage_posts", "own"),
      user: "none",
      // The Administrator still has manage_posts in an aal1 session: every profile.
      totpAal1: { admin: "allowed", sales: "own", editor: "allowed" },
    },
    // The service role has no account of its own: its "own" is a colleague's.
    "insert their own": ANY_STAFF("denied"),
    "insert a colleague's": SERVICE_ONLY,
    "update their own": ANY_STAFF("none"),
    "update a colleague's": {
      anon: "denied",
      user: "none",
      ...EACH_STAFF_ROLE((): Access => "none"),
      service: "allowed",
    },
    delete: SERVICE_ONLY,
  },
  staff_role_permissions: {
    select: SERVICE_ONLY,
    insert: NOBODY,
    update: NOBODY,
    delete: NOBODY,
  },
  staff_members: {
    // A pending member reads theirs too (the welcome page); the service role reads a colleague's.
    "select their own": {
      ...ANY_STAFF("none"),
      totpAal1: EACH_STAFF_ROLE((): Access => "allowed"),
    },
    "select a colleague's": staffWith("manage_staff"),
    // Written by the team's functions only: a member never makes, promotes or removes anyone.
    "insert (their own, as admin)": SERVICE_ONLY,
    "update (promote themselves)": SERVICE_ONLY,
    "delete (a colleague's)": SERVICE_ONLY,
  },
  staff_settings: {
    select: SERVICE_ONLY,
    update: SERVICE_ONLY,
  },
  staff_audit_log: {
    select: staffWith("manage_staff"),
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  intake_limits: {
    select: SERVICE_ONLY,
    update: SERVICE_ONLY,
  },
  "storage: post-images objects": {
    // Listing is what a policy guards; the bucket is public, so anyone downloads a file anyway.
    "select (list)": staffWith("manage_posts", "none", "none"),
    "insert (upload)": staffWith("manage_posts", "denied"),
    "update (upsert, update)": staffWith("manage_posts", "denied"),
    "delete (remove)": staffWith("manage_posts", "none", "none"),
  },
  "storage: the post-images bucket": {
    "select (getBucket, listBuckets)": staffWith("manage_posts", "none", "none"),
  },
} as const satisfies Record<string, Record<string, Cell>>;

/**
 * A function's answer: refused (as `denied` above), accepted (`answers`: a function returning
 * nothing), what it returns (asymmetric matchers allowed), or the error it raises (P0001).
 */
type Answer = "denied" | "answers" | { returns: unknown } | { raises: string };
const returns = (value: unknown): Answer => ({ returns: value });
const raises = (message: string): Answer => ({ raises: message });

interface FunctionCell {
  name: string;
  args: () => Record<string, unknown>;
  answers: Cell<Answer>;
}

const SERVICE_ONLY_CALL = {
  anon: "denied",
  user: "denied",
  ...EACH_STAFF_ROLE((): Answer => "denied"),
} as const;

/**
 * A team function that checks manage_staff (else 42501): a manager gets `managers`; a member
 * with a factor in an aal1 session is refused too; the service role (no account) `service`.
 */
const forStaffManagers = (managers: Answer, service: Answer = "denied"): Cell<Answer> => ({
  anon: "denied",
  user: "denied",
  ...EACH_STAFF_ROLE((role) =>
    ROLE_PERMISSIONS[role].includes("manage_staff") ? managers : "denied",
  ),
  service,
  totpAal1: EACH_STAFF_ROLE((): Answer => "denied"),
});

/**
 * A function that asks for any of `permissions` (else 42501: the newsletter's, the Overview's):
 * a member whose role grants one gets `granted`; a member with a factor in an aal1 session too,
 * unless the only permission their role grants of them is over personal data; the service role
 * (no account) is refused.
 */
const forStaffWith = (permissions: readonly Permission[], granted: Answer): Cell<Answer> => {
  const answer = (role: StaffRole, aal1: boolean): Answer =>
    permissions.some(
      (one) => ROLE_PERMISSIONS[role].includes(one) && !(aal1 && PERSONAL_DATA.includes(one)),
    )
      ? granted
      : "denied";
  return {
    anon: "denied",
    user: "denied",
    ...EACH_STAFF_ROLE((role) => answer(role, false)),
    service: "denied",
    totpAal1: EACH_STAFF_ROLE((role) => answer(role, true)),
  };
};
const forSenders = (granted: Answer) => forStaffWith(["send_newsletter"], granted);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A row of the Overview's current week (Monday, as an ISO date). */
const overviewWeek = {
  week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  leads: expect.any(Number),
};

/** my_staff_access()'s one row for a joined member of `role`. */
const accessRow = (role: StaffRole, hasVerifiedFactor: boolean) => [
  {
    role,
    permissions: PERMISSIONS.filter((permission) => ROLE_PERMISSIONS[role].includes(permission)),
    joined: true,
    two_factor_required: false,
    has_verified_factor: hasVerifiedFactor,
  },
];

const functionMatrix: Record<string, FunctionCell> = {
  ...Object.fromEntries(
    PERMISSIONS.map((permission) => {
      const granted = (role: StaffRole) => returns(ROLE_PERMISSIONS[role].includes(permission));
      const answers: Cell<Answer> = {
        anon: returns(false),
        user: returns(false),
        ...EACH_STAFF_ROLE(granted),
        service: returns(false),
        totpAal1: EACH_STAFF_ROLE((role) =>
          PERSONAL_DATA.includes(permission) ? returns(false) : granted(role),
        ),
      };
      return [
        `has_permission('${permission}')`,
        { name: "has_permission", args: () => ({ permission }), answers },
      ];
    }),
  ),
  // The role whatever the session's aal: the policies ask for two-factor, not the role.
  "staff_role()": {
    name: "staff_role",
    args: () => ({}),
    answers: {
      anon: returns(null),
      user: returns(null),
      ...EACH_STAFF_ROLE((role) => returns(role)),
      service: returns(null),
      totpAal1: EACH_STAFF_ROLE((role) => returns(role)),
    },
  },
  // The role's sections whatever the aal (the workspace then asks for the second factor).
  "my_staff_access()": {
    name: "my_staff_access",
    args: () => ({}),
    answers: {
      anon: returns([]),
      user: returns([]),
      ...EACH_STAFF_ROLE((role) => returns(accessRow(role, false))),
      service: returns([]),
      totpAal1: EACH_STAFF_ROLE((role) => returns(accessRow(role, true))),
      totpAal2: EACH_STAFF_ROLE((role) => returns(accessRow(role, true))),
    },
  },
  // Any joined member: who wrote a note or moved a lead.
  "staff_directory()": {
    name: "staff_directory",
    args: () => ({}),
    answers: {
      anon: "denied",
      user: returns([]),
      ...EACH_STAFF_ROLE(() =>
        returns(
          expect.arrayContaining([
            { user_id: expect.any(String), display_name: "Staff", email: ADMIN_EMAIL },
          ]),
        ),
      ),
      service: returns([]),
      totpAal1: EACH_STAFF_ROLE(() =>
        returns(expect.arrayContaining([expect.objectContaining({ email: ADMIN_EMAIL })])),
      ),
    },
  },
  "staff_team()": {
    name: "staff_team",
    args: () => ({}),
    answers: {
      anon: "denied",
      user: returns([]),
      ...EACH_STAFF_ROLE((role) =>
        returns(
          ROLE_PERMISSIONS[role].includes("manage_staff")
            ? expect.arrayContaining([
                expect.objectContaining({ email: ADMIN_EMAIL, role: "admin", two_factor: false }),
              ])
            : [],
        ),
      ),
      service: returns([]),
      totpAal1: EACH_STAFF_ROLE(() => returns([])),
    },
  },
  // Row security: managers of staff read the log, the service role too.
  "staff_audit(page_size, before_id)": {
    name: "staff_audit",
    args: () => ({ page_size: 5 }),
    answers: {
      anon: "denied",
      user: returns([]),
      ...EACH_STAFF_ROLE((role) =>
        returns(
          ROLE_PERMISSIONS[role].includes("manage_staff")
            ? expect.arrayContaining([expect.objectContaining({ action: expect.any(String) })])
            : [],
        ),
      ),
      service: returns(
        expect.arrayContaining([expect.objectContaining({ action: expect.any(String) })]),
      ),
      totpAal1: EACH_STAFF_ROLE(() => returns([])),
    },
  },
  // An unknown member: a manager gets as far as not_found, and nothing changes.
  "change_staff_role(member, new_role)": {
    name: "change_staff_role",
    args: () => ({ member: randomUUID(), new_role: "editor" }),
    answers: forStaffManagers(raises("not_found")),
  },
  // Optional already: a manager's call changes nothing.
  "set_team_two_factor(required => false)": {
    name: "set_team_two_factor",
    args: () => ({ required: false }),
    answers: forStaffManagers("answers"),
  },
  "remove_staff_member(member)": {
    name: "remove_staff_member",
    args: () => ({ member: randomUUID() }),
    answers: forStaffManagers(raises("not_found")),
  },
  "revoke_staff_invitation(member)": {
    name: "revoke_staff_invitation",
    args: () => ({ member: randomUUID() }),
    answers: forStaffManagers(raises("not_pending")),
  },
  // Only a pending member joins; a joined one, or anyone else, is not invited.
  "accept_staff_invitation(display_name)": {
    name: "accept_staff_invitation",
    args: () => ({ display_name: `Probe ${randomUUID().slice(0, 8)}` }),
    answers: {
      anon: "denied",
      user: raises("not_invited"),
      ...EACH_STAFF_ROLE(() => raises("not_invited")),
      service: raises("not_invited"),
      totpAal1: EACH_STAFF_ROLE(() => raises("not_invited")),
    },
  },
  // The staff-team function's: a pending invitation of a throw-away account, and an event.
  "record_staff_invitation(actor, member, ...)": {
    name: "record_staff_invitation",
    args: () => ({
      actor: accountIds.admin,
      member: inviteeId,
      member_role: "editor",
      member_language: "fr",
      resent: true,
    }),
    answers: { ...SERVICE_ONLY_CALL, service: "answers" },
  },
  "record_staff_event(actor, action, member, details)": {
    name: "record_staff_event",
    args: () => ({
      actor: accountIds.admin,
      action: "two_factor_reset",
      member: inviteeId,
      details: { probe: true },
    }),
    answers: { ...SERVICE_ONLY_CALL, service: "answers" },
  },
  "lead_notification_health()": {
    name: "lead_notification_health",
    args: () => ({}),
    answers: {
      anon: "denied",
      user: returns([
        { waiting: 0, oldest_waiting_since: null, last_error: null, last_failed_at: null },
      ]),
      ...EACH_STAFF_ROLE((role) =>
        ROLE_PERMISSIONS[role].includes("read_leads")
          ? returns([expect.objectContaining({ waiting: expect.any(Number), last_error: null })])
          : returns([
              { waiting: 0, oldest_waiting_since: null, last_error: null, last_failed_at: null },
            ]),
      ),
      service: returns([expect.objectContaining({ waiting: expect.any(Number) })]),
    },
  },
  "newsletter_subscribe(email, language)": {
    name: "newsletter_subscribe",
    args: () => ({ email: uniqueEmail("matrix-news"), language: "fr" }),
    answers: {
      anon: "answers",
      user: "answers",
      ...EACH_STAFF_ROLE((): Answer => "answers"),
      service: "answers",
    },
  },
  "claim_newsletter_confirmation(address)": {
    name: "claim_newsletter_confirmation",
    args: () => ({ address: uniqueEmail("nobody") }),
    answers: { ...SERVICE_ONLY_CALL, service: returns([]) },
  },
  "prepare_lead_notifications(max_leads => 0)": {
    name: "prepare_lead_notifications",
    args: () => ({ max_leads: 0 }),
    answers: { ...SERVICE_ONLY_CALL, service: returns(0) },
  },
  "decide_lead_notification(lead_id)": {
    name: "decide_lead_notification",
    args: () => ({ lead_id: randomUUID() }),
    answers: { ...SERVICE_ONLY_CALL, service: returns("taken") },
  },
  "claim_lead_emails(only_lead_id)": {
    name: "claim_lead_emails",
    // An unknown lead: claims nothing, so no e-mail is leased away from the suites below.
    args: () => ({ only_lead_id: randomUUID() }),
    answers: { ...SERVICE_ONLY_CALL, service: returns([]) },
  },
  "record_lead_email(email_id)": {
    name: "record_lead_email",
    args: () => ({ email_id: randomUUID() }),
    answers: { ...SERVICE_ONLY_CALL, service: "answers" },
  },
  // The newsletter: Administrators and Editors send; Sales reads what came of it.
  "newsletter_audience(post_id)": {
    name: "newsletter_audience",
    args: () => ({ post_id: newsletterPostId }),
    answers: forSenders(
      returns({
        language: "fr",
        recipients: expect.any(Number),
        already_sent: false,
        pending: expect.objectContaining({ status: "scheduled" }),
        last_sent_at: null,
      }),
    ),
  },
  // The send waiting for the draft post takes the new subject: the same id every time.
  "schedule_newsletter_send(post_id, subject)": {
    name: "schedule_newsletter_send",
    args: () => ({ post_id: newsletterPostId, subject: "Probe" }),
    answers: forSenders(returns(expect.stringMatching(UUID))),
  },
  "cancel_newsletter_send(send_id)": {
    name: "cancel_newsletter_send",
    args: () => ({ send_id: randomUUID() }),
    answers: forSenders(returns(false)),
  },
  "newsletter_send_results()": {
    name: "newsletter_send_results",
    args: () => ({}),
    answers: forStaffWith(
      ["send_newsletter", "manage_subscribers"],
      returns(expect.arrayContaining([expect.objectContaining({ post_id: expect.any(String) })])),
    ),
  },
  // The Overview's figures: the lead ones for those who read leads (Administrators, Sales), the
  // newsletter's for those who manage subscribers, the posts' for those who manage posts
  // (Administrators, Editors). Editors get no lead figure, Sales no posts figure.
  "overview_leads_per_week(time_zone, weeks)": {
    name: "overview_leads_per_week",
    args: () => ({ time_zone: agencyHours.timeZone, weeks: 1 }),
    answers: forStaffWith(
      ["read_leads"],
      returns(expect.arrayContaining([{ ...overviewWeek, source: "contact", language: "fr" }])),
    ),
  },
  "overview_lead_funnel(since, until)": {
    name: "overview_lead_funnel",
    args: () => ({
      since: new Date(Date.now() - 365 * 86_400_000).toISOString(),
      until: new Date(Date.now() + 60_000).toISOString(),
    }),
    answers: forStaffWith(
      ["read_leads"],
      returns([
        {
          received: expect.any(Number),
          contacted: expect.any(Number),
          qualified: expect.any(Number),
        },
      ]),
    ),
  },
  "overview_reply_times(since, until, time_zone, opens, closes)": {
    name: "overview_reply_times",
    args: () => ({
      since: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      until: new Date().toISOString(),
      time_zone: agencyHours.timeZone,
      opens: agencyHours.opens,
      closes: agencyHours.closes,
    }),
    answers: forStaffWith(
      ["read_leads"],
      returns(
        expect.arrayContaining([
          expect.objectContaining({ week_start: null, leads: expect.any(Number) }),
        ]),
      ),
    ),
  },
  // Whether a lead waits depends on the day and the probes run before (overview.test.ts has
  // the list itself): an answer, or the refusal.
  "overview_waiting_leads(time_zone, opens, closes)": {
    name: "overview_waiting_leads",
    args: () => ({
      time_zone: agencyHours.timeZone,
      opens: agencyHours.opens,
      closes: agencyHours.closes,
    }),
    answers: forStaffWith(["read_leads"], returns(expect.any(Array))),
  },
  "overview_newsletter_per_week(time_zone, weeks)": {
    name: "overview_newsletter_per_week",
    args: () => ({ time_zone: agencyHours.timeZone, weeks: 1 }),
    answers: forStaffWith(
      ["manage_subscribers"],
      returns([
        expect.objectContaining({
          week_start: overviewWeek.week_start,
          signups: expect.any(Number),
          confirmed_total: expect.any(Number),
        }),
      ]),
    ),
  },
  "overview_posts_per_month(time_zone, months)": {
    name: "overview_posts_per_month",
    args: () => ({ time_zone: agencyHours.timeZone, months: 1 }),
    answers: forStaffWith(
      ["manage_posts"],
      returns([
        { month_start: expect.any(String), language: "en", published: expect.any(Number) },
        { month_start: expect.any(String), language: "fr", published: expect.any(Number) },
      ]),
    ),
  },
  // Each tester once, well under the limit of 10 an hour.
  "claim_newsletter_test_email()": {
    name: "claim_newsletter_test_email",
    args: () => ({}),
    answers: forSenders(returns(expect.stringContaining("@"))),
  },
  // The send-newsletter function's: the only send waits for a draft, so none is due or runs.
  "due_newsletter_sends()": {
    name: "due_newsletter_sends",
    args: () => ({}),
    answers: { ...SERVICE_ONLY_CALL, service: returns([]) },
  },
  "start_newsletter_send(send_id, ...)": {
    name: "start_newsletter_send",
    args: () => ({
      send_id: newsletterSendId,
      from_address: "news@appgrove.test",
      html: "<p>Probe</p>",
      text_body: "Probe",
    }),
    answers: { ...SERVICE_ONLY_CALL, service: returns(0) },
  },
  "claim_newsletter_batch()": {
    name: "claim_newsletter_batch",
    args: () => ({}),
    answers: { ...SERVICE_ONLY_CALL, service: returns(null) },
  },
  "record_newsletter_batch(batch_id, results)": {
    name: "record_newsletter_batch",
    args: () => ({ batch_id: randomUUID(), results: [] }),
    answers: { ...SERVICE_ONLY_CALL, service: "answers" },
  },
  "release_newsletter_batch(batch_id, error)": {
    name: "release_newsletter_batch",
    args: () => ({ batch_id: randomUUID(), error: "Probe" }),
    answers: { ...SERVICE_ONLY_CALL, service: "answers" },
  },
  "record_newsletter_event(event_type, email)": {
    name: "record_newsletter_event",
    args: () => ({ event_type: "email.delivered", email: uniqueEmail("event") }),
    answers: { ...SERVICE_ONLY_CALL, service: returns(false) },
  },
};

/** What `as` gets from a cell; undefined when `as` does not run it (TOTP members, off cells). */
function expectedOf<T>(cell: Cell<T>, as: Tester): T | undefined {
  if (as === "claims-admin") return cell.user;
  const member = /^(\w+)\+totp@(aal1|aal2)$/.exec(as);
  if (!member) return cell[as as Caller];
  const role = member[1] as StaffRole;
  if (!cell.totpAal1) return undefined;
  return member[2] === "aal1" ? cell.totpAal1[role] : (cell.totpAal2?.[role] ?? cell[role]);
}

// --------------------------------------------------------------------------------------------
// The stack and its callers.
// --------------------------------------------------------------------------------------------

type Stack = Awaited<ReturnType<typeof startTestStack>>;

let stack: Stack;
let anon: SupabaseClient;
let user: SupabaseClient;
let staff: SupabaseClient;
let service: SupabaseClient;
const clients = {} as Record<Tester, SupabaseClient>;
/** Each tester's account id; visitors and the service role have none. */
const accountIds = {} as Record<Tester, string | null>;
/** A second staff member (an Editor), whose profile and membership the probes reach for. */
let colleagueId = "";
/** An account that is no member, for the service role's "own" membership probes. */
let outsiderId = "";
/** A throw-away account the service role's invitation probes invite. */
let inviteeId = "";
/** A draft post in French and the newsletter send waiting for it (the newsletter probes). */
let newsletterPostId = "";
let newsletterSendId = "";

const PUBLISHED_PER_LANGUAGE = 7;
const HIDDEN_SLUGS = {
  en: ["draft-privacy-manifests-checklist", "what-is-next-for-ios-attribution"],
  fr: ["brouillon-manifeste-confidentialite-ios", "perspectives-attribution-ios"],
};

// Each request another visitor: the per-address limits have their own suite (hardening/intake).
// A factor's challenge and its verification come from one address, as Auth demands.
const asVisitors: typeof fetch = (input, init = {}) => {
  if (!String(input instanceof Request ? input.url : input).includes("/auth/v1/factors/"))
    return fetchAsNewVisitors(input, init);
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", "192.0.2.10");
  return fetch(input, { ...init, headers });
};
const client = (key: string): SupabaseClient =>
  createNodeClient(stack.url, key, { fetch: asVisitors });

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client(stack.anonKey);
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  expect(data.session?.access_token).toBeTruthy();
  return c;
}

function uniqueEmail(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

const newLead = (overrides: Record<string, unknown> = {}) =>
  visitorLead(uniqueEmail("lead"), {
    phone: "+33 1 23 45 67 89",
    ...overrides,
  } as Partial<LeadRow>);

function newPost(overrides: Record<string, unknown> = {}) {
  const slug = `test-post-${randomUUID().slice(0, 8)}`;
  return { title: `Test ${slug}`, slug, status: "draft", language: "en", ...overrides };
}

/** Inserts rows with the service role and returns them. */
async function serviceInsert<T = Record<string, unknown>>(
  table: string,
  row: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await service.from(table).insert(row).select().single();
  expect(error).toBeNull();
  return data as T;
}

async function serviceGet<T = Record<string, unknown>>(
  table: string,
  id: string | number,
): Promise<T | null> {
  const { data, error } = await service.from(table).select().eq("id", id).maybeSingle();
  expect(error).toBeNull();
  return data as T | null;
}

interface Profile {
  user_id: string;
  display_name: string;
  title: string | null;
  avatar_url: string | null;
}

async function profileOf(id: string): Promise<Profile | null> {
  const { data, error } = await service
    .from("staff_profiles")
    .select("user_id, display_name, title, avatar_url")
    .eq("user_id", id)
    .maybeSingle();
  expect(error).toBeNull();
  return data as Profile | null;
}

interface Membership {
  user_id: string;
  role: StaffRole;
  language: string;
  invited_by: string | null;
  invited_at: string | null;
  joined_at: string | null;
}

async function membershipOf(id: string): Promise<Membership | null> {
  const { data, error } = await service
    .from("staff_members")
    .select("user_id, role, language, invited_by, invited_at, joined_at")
    .eq("user_id", id)
    .maybeSingle();
  expect(error).toBeNull();
  return data as Membership | null;
}

/** An account made with the service role's admin API, e-mail confirmed; its id. */
async function newAccount(
  email = uniqueEmail("account"),
  attributes: Record<string, unknown> = {},
): Promise<string> {
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: MEMBER_PASSWORD,
    email_confirm: true,
    ...attributes,
  });
  expect(error).toBeNull();
  return data.user!.id;
}

/** Makes an account a joined member of the team, as the team's functions would. */
async function join(id: string, role: StaffRole): Promise<void> {
  const { error } = await service
    .from("staff_members")
    .insert({ user_id: id, role, joined_at: new Date().toISOString() });
  expect(error).toBeNull();
}

/** A joined member of the team with `role`: the account, its membership and its e-mail. */
async function newMember(
  role: StaffRole,
  email = uniqueEmail(role),
): Promise<{ id: string; email: string }> {
  const id = await newAccount(email);
  await join(id, role);
  return { id, email };
}

/** A second staff member, made as the team makes them (an Editor unless said). */
async function colleague(role: StaffRole = "editor"): Promise<{ id: string; email: string }> {
  return newMember(role, `jean.dupont+${randomUUID().slice(0, 8)}@example.com`);
}

/** A signed-in account made with the service role's admin API. */
async function account(attributes: Record<string, unknown>): Promise<SupabaseClient> {
  const email = uniqueEmail("account");
  await newAccount(email, attributes);
  return signedIn(email, MEMBER_PASSWORD);
}

/** The TOTP code of `secret` now (RFC 6238: SHA-1, 6 digits, 30 s), as an authenticator app shows it. */
function totpCode(secret: string): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate();
}

/**
 * Enrols a TOTP factor through the real MFA API and verifies it with a code computed from the
 * secret the enrolment shows: the factor is verified and `c`'s session is aal2 from then on.
 */
async function enrolTotp(c: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const enrolled = await c.auth.mfa.enroll({ factorType: "totp", friendlyName: "Phone" });
  if (enrolled.error) throw enrolled.error;
  const { id: factorId, totp: shown } = enrolled.data;
  const verified = await c.auth.mfa.challengeAndVerify({ factorId, code: totpCode(shown.secret) });
  if (verified.error) throw verified.error;
  expect(jwtClaims(verified.data.access_token)).toMatchObject({ aal: "aal2" });
  return { factorId, secret: shown.secret };
}

const accessTokenOf = async (c: SupabaseClient) =>
  (await c.auth.getSession()).data.session!.access_token;

beforeAll(async () => {
  process.env.LEAD_NOTIFICATION_TO ??= NOTIFY_TO;
  delete process.env.RESEND_API_KEY;
  // With DATABASE_URL (supabase/local/scripts/with-postgres.sh) the matrix runs on a fresh
  // database of a real PostgreSQL server; on PGlite in memory otherwise.
  stack = await startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    seedFile: DEFAULT_SEED_FILE,
    functionsDir: DEFAULT_FUNCTIONS_DIR,
    seedAdmin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  anon = client(stack.anonKey);
  service = client(stack.serviceRoleKey);

  // A signed-in user who is not staff, and who claims to be admin where users can write
  // (user_metadata): that must grant nothing.
  user = await account({ user_metadata: { role: "admin" } });

  // A user whose token says admin where only the service role writes (app_metadata, as staff
  // were made before public.staff_members), but who is no member: that grants nothing now.
  const claimsAdmin = await account({ app_metadata: { role: "admin" } });
  expect(jwtClaims(await accessTokenOf(claimsAdmin))).toMatchObject({
    app_metadata: { role: "admin" },
  });

  // Each role without a factor (aal1), the Administrator being the local stack's own account;
  // then each role again with a verified factor, in an aal1 session and an aal2 one.
  const staffClients = {} as Record<
    Exclude<Tester, "anon" | "user" | "claims-admin" | "service">,
    SupabaseClient
  >;
  for (const role of STAFF_ROLES) {
    staffClients[role] =
      role === "admin"
        ? await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD)
        : await signedIn((await newMember(role)).email, MEMBER_PASSWORD);
    const { email } = await newMember(role, uniqueEmail(`${role}-totp`));
    const aal2 = await signedIn(email, MEMBER_PASSWORD);
    await enrolTotp(aal2);
    staffClients[totp(role, "aal2")] = aal2;
    const aal1 = await signedIn(email, MEMBER_PASSWORD);
    expect(jwtClaims(await accessTokenOf(aal1))).toMatchObject({ aal: "aal1" });
    staffClients[totp(role, "aal1")] = aal1;
  }
  staff = staffClients.admin;

  Object.assign(clients, { anon, user, "claims-admin": claimsAdmin, ...staffClients, service });
  for (const tester of TESTERS) {
    accountIds[tester] =
      tester === "anon" || tester === "service"
        ? null
        : (await clients[tester].auth.getUser()).data.user!.id;
  }
  colleagueId = (await colleague()).id;
  outsiderId = await newAccount();
  inviteeId = await newAccount(uniqueEmail("invitee"));
  newsletterPostId = (
    await serviceInsert<{ id: string }>("blog_posts", newPost({ language: "fr" }))
  ).id;
  newsletterSendId = (
    await serviceInsert<{ id: string }>("newsletter_sends", {
      post_id: newsletterPostId,
      language: "fr",
      subject: "Probe",
    })
  ).id;
});

afterAll(async () => {
  await stack?.close();
});

// --------------------------------------------------------------------------------------------
// Probes: one per cell row, doing the operation as a tester and saying what happened.
// --------------------------------------------------------------------------------------------

/** Does the operation as `as` through `c`; answers an Access, or what else happened. */
type Probe = (c: SupabaseClient, as: Tester) => Promise<string>;

interface RestAnswer {
  error: { code?: string; message: string } | null;
  status: number;
  data?: unknown;
}

/** PostgREST's refusal: 42501, HTTP 401 for a visitor (no account) and 403 for anyone else. */
const refused = (answer: RestAnswer, as: Tester) =>
  answer.error?.code === "42501" && answer.status === (as === "anon" ? 401 : 403);

const unexpected = (answer: RestAnswer) =>
  `HTTP ${answer.status}: ${answer.error ? `${answer.error.code} ${answer.error.message}` : JSON.stringify(answer.data)}`;

type Row = Record<string, unknown>;

/** A read: refused, the probe's row seen, or nothing at all seen. */
function readAccess(answer: RestAnswer, as: Tester, seen: (rows: Row[]) => boolean): string {
  if (answer.error) return refused(answer, as) ? "denied" : unexpected(answer);
  const rows = answer.data as Row[];
  if (seen(rows)) return "allowed";
  return rows.length === 0 ? "none" : `saw ${rows.length} rows, not the probe's`;
}

/** A write: refused or accepted, and whether the row changed (as the service role reads it). */
function writeAccess(answer: RestAnswer, as: Tester, changed: boolean, asExpected = true): string {
  if (answer.error) {
    if (!refused(answer, as)) return unexpected(answer);
    return changed ? "denied, yet changed" : "denied";
  }
  if (!changed) return "none";
  return asExpected ? "allowed" : `allowed, but ${unexpected(answer)}`;
}

/** The same outcome for every variant, or each of them. */
const agreed = (outcomes: string[]) => [...new Set(outcomes)].join(" / ");

const now = () => new Date().toISOString();

/**
 * Probes on a table whose rows have an `id`: each reads or writes a row the service role made
 * with `make`; an insert is looked up by its `marker` column, an update checks its one column.
 */
function rowProbes(
  table: string,
  make: () => Promise<Row>,
  order: string,
  write: { insert: () => Row; marker: string; update: Row },
): Record<"select" | "insert" | "update" | "delete", Probe> {
  const [updated, value] = Object.entries(write.update)[0]!;
  return {
    select: async (c, as) => {
      const made = await make();
      const answer = await c.from(table).select("*").order(order, { ascending: false });
      return readAccess(answer, as, (rows) => rows.some((row) => row.id === made.id));
    },
    insert: async (c, as) => {
      const row = write.insert();
      const answer = await c.from(table).insert(row);
      const stored = await service.from(table).select("id").eq(write.marker, row[write.marker]);
      return writeAccess(answer, as, stored.data!.length === 1);
    },
    update: async (c, as) => {
      const made = await make();
      const answer = await c.from(table).update(write.update).eq("id", made.id);
      const after = await serviceGet(table, String(made.id));
      return writeAccess(answer, as, after?.[updated] === value);
    },
    delete: async (c, as) => {
      const made = await make();
      const answer = await c.from(table).delete().eq("id", made.id);
      return writeAccess(answer, as, (await serviceGet(table, String(made.id))) === null);
    },
  };
}

/** A lead with one status change on record (made by the service role). */
async function leadWithHistory(): Promise<{ leadId: string; id: number }> {
  const lead = await serviceInsert<{ id: string }>("leads", newLead());
  expect(
    (await service.from("leads").update({ status: "contacted" }).eq("id", lead.id)).error,
  ).toBeNull();
  const { data } = await service.from("lead_status_changes").select("id").eq("lead_id", lead.id);
  return { leadId: lead.id, id: data![0]!.id as number };
}

/** Runs `probe` on a user's profile, then puts the profile back as it was (or removes it). */
async function keepingProfileOf(userId: string, probe: () => Promise<string>): Promise<string> {
  const before = await service.from("staff_profiles").select("*").eq("user_id", userId);
  try {
    return await probe();
  } finally {
    await service.from("staff_profiles").delete().eq("user_id", userId);
    for (const row of before.data!) {
      expect((await service.from("staff_profiles").insert(row)).error).toBeNull();
    }
  }
}

/** Runs `probe` on a membership, then puts it back as it was (or removes it). */
async function keepingMembershipOf(
  userId: string,
  probe: (before: Membership | null) => Promise<string>,
): Promise<string> {
  const before = await membershipOf(userId);
  try {
    return await probe(before);
  } finally {
    const restored = before
      ? await service.from("staff_members").upsert(before, { onConflict: "user_id" })
      : await service.from("staff_members").delete().eq("user_id", userId);
    expect(restored.error).toBeNull();
  }
}

/** A time no write of the database's own would give (the membership and settings probes). */
const PROBE_TIME = "2001-02-03T04:05:06.000Z";
const sameTime = (stored: string | null | undefined, expected: string) =>
  stored != null && Date.parse(stored) === Date.parse(expected);

/** Whose membership "their own" is: the tester's; the service role and a visitor try others'. */
const ownMembershipId = (as: Tester) =>
  accountIds[as] ?? (as === "service" ? colleagueId : accountIds.admin!);

/** Whose profile "their own" is: the tester's; a visitor tries the staff account's. */
const ownProfileId = (as: Tester) =>
  accountIds[as] ?? (as === "service" ? colleagueId : accountIds.admin!);

/** ROLE_PERMISSIONS as rows of public.staff_role_permissions, "role:permission". */
const ROLE_PERMISSION_ROWS = STAFF_ROLES.flatMap((role) =>
  ROLE_PERMISSIONS[role].map((permission) => `${role}:${permission}`),
).sort();

/** The lead the notes probes write on (made by the service role before the matrix runs). */
let leadIdForNotes = "";
/** A send and a batch of it the newsletter probes write under (cancelled: nothing sends it). */
let probeSendId = "";
let probeBatchId = "";

const probeSend = () =>
  serviceInsert<{ id: string }>("newsletter_sends", {
    language: "en",
    subject: "Probe",
    status: "cancelled",
  });
const probeBatch = async (sendId?: string) =>
  serviceInsert<{ id: string; send_id: string }>("newsletter_batches", {
    send_id: sendId ?? (await probeSend()).id,
    position: randomInt(1, 1_000_000_000),
  });
/** Where the site_changes update probe points a change. */
const MOVED_POST_ID = randomUUID();

async function rolePermissionRows(): Promise<string[]> {
  const { rows } = await stack.db.query<{ pair: string }>(
    `select role || ':' || permission as pair from public.staff_role_permissions order by 1`,
  );
  return rows.map((row) => row.pair);
}

// A 1x1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const OTHER_PNG = Buffer.concat([PNG, Buffer.from("changed")]);
const png = (bytes: Buffer = PNG) => new Blob([new Uint8Array(bytes)], { type: "image/png" });
const imageName = (label: string) => `posts/${label}-${randomUUID().slice(0, 8)}.png`;
const images = (c: SupabaseClient) => c.storage.from("post-images");

/** The image as any visitor's browser gets it: the public URL, no key, no session. */
async function publicImage(name: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(images(anon).getPublicUrl(name).data.publicUrl);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Storage's refusal by a policy: HTTP 400 with statusCode "403". */
const storageRefused = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  (error as { status?: number }).status === 400 &&
  (error as { statusCode?: string }).statusCode === "403";

const BUCKET_SETTINGS = {
  id: "post-images",
  public: true,
  file_size_limit: 5242880,
  allowed_mime_types: ["image/jpeg", "image/png", "image/webp", "image/avif"],
};

const probes: { [T in keyof typeof matrix]: Record<keyof (typeof matrix)[T], Probe> } = {
  leads: {
    select: async (c, as) => {
      const lead = await serviceInsert<{ id: string }>("leads", newLead());
      const answer = await c.from("leads").select("*").order("created_at", { ascending: false });
      return readAccess(answer, as, (rows) => rows.some((row) => row.id === lead.id));
    },
    // Without reading it back; it always starts as 'new'.
    "insert a visitor's lead": async (c, as) => {
      const row = newLead();
      const answer = await c.from("leads").insert(row);
      const { data } = await service.from("leads").select("status").eq("email", row.email);
      return writeAccess(
        answer,
        as,
        data!.length > 0,
        answer.status === 201 && JSON.stringify(data) === JSON.stringify([{ status: "new" }]),
      );
    },
    "insert with id, status or created_at": async (c, as) => {
      const outcomes: string[] = [];
      for (const extra of [
        { status: "qualified" },
        { id: randomUUID() },
        { created_at: "2020-01-01T00:00:00Z" },
      ]) {
        const row = newLead(extra);
        const answer = await c.from("leads").insert(row);
        const { data } = await service.from("leads").select("id").eq("email", row.email);
        outcomes.push(writeAccess(answer, as, data!.length > 0));
      }
      return agreed(outcomes);
    },
    "update status": async (c, as) => {
      const lead = await serviceInsert<{ id: string }>("leads", newLead());
      const answer = await c
        .from("leads")
        .update({ status: "contacted" })
        .eq("id", lead.id)
        .select("status");
      const after = await serviceGet<{ status: string }>("leads", lead.id);
      return writeAccess(
        answer,
        as,
        after!.status === "contacted",
        JSON.stringify(answer.data) === JSON.stringify([{ status: "contacted" }]),
      );
    },
    "update what the visitor sent": async (c, as) => {
      const lead = await serviceInsert<{ id: string }>("leads", newLead());
      const answer = await c.from("leads").update({ name: "Changed" }).eq("id", lead.id);
      const after = await serviceGet<{ name: string }>("leads", lead.id);
      return writeAccess(answer, as, after!.name === "Changed");
    },
    delete: async (c, as) => {
      const lead = await serviceInsert<{ id: string }>("leads", newLead());
      const answer = await c.from("leads").delete().eq("id", lead.id);
      return writeAccess(answer, as, (await serviceGet("leads", lead.id)) === null);
    },
  },

  lead_status_changes: {
    select: async (c, as) => {
      const { id } = await leadWithHistory();
      const answer = await c
        .from("lead_status_changes")
        .select("*")
        .order("id", { ascending: false });
      return readAccess(answer, as, (rows) => rows.some((row) => row.id === id));
    },
    insert: async (c, as) => {
      const { leadId } = await leadWithHistory();
      const answer = await c
        .from("lead_status_changes")
        .insert({ lead_id: leadId, from_status: "qualified", to_status: "new" });
      const { data } = await service.from("lead_status_changes").select("id").eq("lead_id", leadId);
      return writeAccess(answer, as, data!.length > 1);
    },
    update: async (c, as) => {
      const { leadId, id } = await leadWithHistory();
      const answer = await c
        .from("lead_status_changes")
        .update({ changed_by_name: "Someone else" })
        .eq("lead_id", leadId);
      const after = await service.from("lead_status_changes").select().eq("id", id).single();
      return writeAccess(answer, as, after.data!.changed_by_name === "Someone else");
    },
    delete: async (c, as) => {
      const { leadId } = await leadWithHistory();
      const answer = await c.from("lead_status_changes").delete().eq("lead_id", leadId);
      const { data } = await service.from("lead_status_changes").select("id").eq("lead_id", leadId);
      return writeAccess(answer, as, data!.length === 0);
    },
  },

  lead_notes: rowProbes(
    "lead_notes",
    async () => {
      const lead = await serviceInsert<{ id: string }>("leads", newLead());
      return serviceInsert("lead_notes", { lead_id: lead.id, body: "A note by the server." });
    },
    "created_at",
    {
      insert: () => ({ lead_id: leadIdForNotes, body: `Probe ${randomUUID()}` }),
      marker: "body",
      update: { body: "Rewritten" },
    },
  ),

  lead_emails: rowProbes(
    "lead_emails",
    // Sent already: nothing owes it, so the notification suites below never see it.
    () => serviceInsert("lead_emails", { kind: "lead", sent_at: now() }),
    "created_at",
    {
      insert: () => ({ kind: "lead", sent_at: now(), last_error: `Probe ${randomUUID()}` }),
      marker: "last_error",
      update: { last_error: "Rewritten" },
    },
  ),

  blog_posts: {
    select: async (c, as) => {
      const future = new Date(Date.now() + 86_400_000).toISOString();
      const draft = await serviceInsert<{ id: string }>("blog_posts", newPost());
      const published = await serviceInsert<{ id: string }>(
        "blog_posts",
        newPost({ status: "published" }),
      );
      const scheduled = await serviceInsert<{ id: string }>(
        "blog_posts",
        newPost({ status: "published", published_at: future }),
      );
      const ids = [draft.id, published.id, scheduled.id];
      const answer = await c.from("blog_posts").select("id").in("id", ids);
      if (answer.error) return refused(answer, as) ? "denied" : unexpected(answer);
      const seen = answer.data.map((row) => row.id as string).sort();
      if (JSON.stringify(seen) === JSON.stringify([...ids].sort())) return "allowed";
      if (JSON.stringify(seen) === JSON.stringify([published.id])) return "published";
      return seen.length === 0 ? "none" : `saw ${seen.length} of the 3 posts`;
    },
    insert: async (c, as) => {
      const post = newPost();
      const answer = await c.from("blog_posts").insert(post);
      const { data } = await service.from("blog_posts").select("id").eq("slug", post.slug);
      return writeAccess(answer, as, data!.length === 1);
    },
    update: async (c, as) => {
      const post = await serviceInsert<{ id: string }>(
        "blog_posts",
        newPost({ status: "published" }),
      );
      const answer = await c
        .from("blog_posts")
        .update({ title: "Edited" })
        .eq("id", post.id)
        .select("title");
      const after = await serviceGet<{ title: string }>("blog_posts", post.id);
      return writeAccess(answer, as, after!.title === "Edited");
    },
    delete: async (c, as) => {
      const post = await serviceInsert<{ id: string }>(
        "blog_posts",
        newPost({ status: "published" }),
      );
      const answer = await c.from("blog_posts").delete().eq("id", post.id);
      return writeAccess(answer, as, (await serviceGet("blog_posts", post.id)) === null);
    },
  },

  blog_categories: {
    // Derived from what the caller can read: the seed's published posts, for everyone.
    select: async (c, as) => {
      const answer = await c.from("blog_categories").select("language, category");
      return readAccess(answer, as, (rows) => rows.length >= 6);
    },
  },

  site_builds: rowProbes(
    "site_builds",
    () => serviceInsert("site_builds", { status: "failed", finished_at: now(), detail: "Probe" }),
    "id",
    {
      insert: () => ({ status: "failed", finished_at: now(), detail: `Probe ${randomUUID()}` }),
      marker: "detail",
      update: { detail: "Rewritten" },
    },
  ),

  site_changes: rowProbes(
    "site_changes",
    () => serviceInsert("site_changes", { post_id: randomUUID() }),
    "id",
    {
      insert: () => ({ post_id: randomUUID() }),
      marker: "post_id",
      update: { post_id: MOVED_POST_ID },
    },
  ),

  newsletter_subscribers: rowProbes(
    "newsletter_subscribers",
    () => serviceInsert("newsletter_subscribers", { email: uniqueEmail("read") }),
    "created_at",
    {
      insert: () => ({ email: uniqueEmail("n"), language: "en" }),
      marker: "email",
      update: { language: "fr" },
    },
  ),

  newsletter_sends: rowProbes("newsletter_sends", probeSend, "requested_at", {
    insert: () => ({ language: "en", subject: `Probe ${randomUUID()}`, status: "cancelled" }),
    marker: "subject",
    update: { subject: "Rewritten" },
  }),

  newsletter_batches: rowProbes("newsletter_batches", () => probeBatch(), "next_attempt_at", {
    insert: () => ({
      send_id: probeSendId,
      position: randomInt(1, 1_000_000_000),
      last_error: `Probe ${randomUUID()}`,
    }),
    marker: "last_error",
    update: { last_error: "Rewritten" },
  }),

  newsletter_recipients: rowProbes(
    "newsletter_recipients",
    async () => {
      const batch = await probeBatch();
      return serviceInsert("newsletter_recipients", {
        send_id: batch.send_id,
        batch_id: batch.id,
        email: uniqueEmail("recipient"),
        delivery: "sent",
        sent_at: now(),
      });
    },
    "sent_at",
    {
      insert: () => ({ send_id: probeSendId, batch_id: probeBatchId, email: uniqueEmail("probe") }),
      marker: "email",
      update: { error: "Rewritten" },
    },
  ),

  staff_profiles: {
    "select every profile": async (c, as) => {
      const answer = await c.from("staff_profiles").select("user_id, display_name");
      if (answer.error) return refused(answer, as) ? "denied" : unexpected(answer);
      const ids = answer.data.map((row) => row.user_id as string);
      if (ids.includes(colleagueId) && ids.includes(accountIds.admin!)) return "allowed";
      if (ids.length === 1 && ids[0] === accountIds[as]) return "own";
      return ids.length === 0 ? "none" : `saw ${ids.length} profiles`;
    },
    "insert their own": async (c, as) => {
      const target = ownProfileId(as);
      return keepingProfileOf(target, async () => {
        await service.from("staff_profiles").delete().eq("user_id", target);
        const answer = await c
          .from("staff_profiles")
          .insert({ user_id: target, display_name: "Own Probe" });
        return writeAccess(answer, as, (await profileOf(target))?.display_name === "Own Probe");
      });
    },
    "insert a colleague's": async (c, as) =>
      keepingProfileOf(colleagueId, async () => {
        await service.from("staff_profiles").delete().eq("user_id", colleagueId);
        const answer = await c
          .from("staff_profiles")
          .insert({ user_id: colleagueId, display_name: "Hacked" });
        return writeAccess(answer, as, (await profileOf(colleagueId)) !== null);
      }),
    "update their own": async (c, as) => {
      const target = ownProfileId(as);
      return keepingProfileOf(target, async () => {
        // Accounts that are not staff have no profile: one is made, so there is a row to hide.
        if (!(await profileOf(target))) {
          await serviceInsert("staff_profiles", { user_id: target, display_name: "Someone" });
        }
        const answer = await c
          .from("staff_profiles")
          .update({ display_name: "Renamed Probe" })
          .eq("user_id", target)
          .select("display_name");
        return writeAccess(answer, as, (await profileOf(target))?.display_name === "Renamed Probe");
      });
    },
    "update a colleague's": async (c, as) =>
      keepingProfileOf(colleagueId, async () => {
        const answer = await c
          .from("staff_profiles")
          .update({ display_name: "Hacked" })
          .eq("user_id", colleagueId)
          .select();
        return writeAccess(answer, as, (await profileOf(colleagueId))?.display_name === "Hacked");
      }),
    delete: async (c, as) =>
      keepingProfileOf(colleagueId, async () => {
        const answer = await c.from("staff_profiles").delete().eq("user_id", colleagueId);
        return writeAccess(answer, as, (await profileOf(colleagueId)) === null);
      }),
  },

  staff_role_permissions: {
    select: async (c, as) => {
      const answer = await c.from("staff_role_permissions").select("role, permission");
      return readAccess(
        answer,
        as,
        (rows) =>
          JSON.stringify(rows.map((row) => `${row.role}:${row.permission}`).sort()) ===
          JSON.stringify(ROLE_PERMISSION_ROWS),
      );
    },
    insert: async (c, as) => {
      const before = await rolePermissionRows();
      const answer = await c
        .from("staff_role_permissions")
        .insert({ role: STAFF_ROLES[0], permission: PERMISSIONS[0] });
      return writeAccess(answer, as, (await rolePermissionRows()).join() !== before.join());
    },
    update: async (c, as) => {
      const before = await rolePermissionRows();
      const answer = await c
        .from("staff_role_permissions")
        .update({ permission: PERMISSIONS[0] })
        .eq("permission", PERMISSIONS[PERMISSIONS.length - 1]!);
      return writeAccess(answer, as, (await rolePermissionRows()).join() !== before.join());
    },
    delete: async (c, as) => {
      const before = await rolePermissionRows();
      const answer = await c
        .from("staff_role_permissions")
        .delete()
        .eq("permission", PERMISSIONS[PERMISSIONS.length - 1]!);
      return writeAccess(answer, as, (await rolePermissionRows()).join() !== before.join());
    },
  },

  staff_members: {
    "select their own": async (c, as) => {
      const target = ownMembershipId(as);
      const answer = await c.from("staff_members").select("user_id, role, joined_at");
      return readAccess(answer, as, (rows) => rows.some((row) => row.user_id === target));
    },
    "select a colleague's": async (c, as) => {
      const answer = await c
        .from("staff_members")
        .select("user_id, role")
        .eq("user_id", colleagueId);
      return readAccess(answer, as, (rows) => rows.length === 1);
    },
    "insert (their own, as admin)": async (c, as) => {
      const target = accountIds[as] ?? outsiderId;
      return keepingMembershipOf(target, async (before) => {
        const answer = await c
          .from("staff_members")
          .insert({ user_id: target, role: "admin", joined_at: now(), invited_at: PROBE_TIME });
        const after = await membershipOf(target);
        return writeAccess(
          answer,
          as,
          sameTime(after?.invited_at, PROBE_TIME) && !sameTime(before?.invited_at, PROBE_TIME),
        );
      });
    },
    "update (promote themselves)": async (c, as) => {
      const target = accountIds[as] ?? colleagueId;
      return keepingMembershipOf(target, async () => {
        const answer = await c
          .from("staff_members")
          .update({ role: "admin", invited_at: PROBE_TIME })
          .eq("user_id", target);
        const after = await membershipOf(target);
        return writeAccess(answer, as, sameTime(after?.invited_at, PROBE_TIME));
      });
    },
    "delete (a colleague's)": async (c, as) =>
      keepingMembershipOf(colleagueId, async () => {
        const answer = await c.from("staff_members").delete().eq("user_id", colleagueId);
        return writeAccess(answer, as, (await membershipOf(colleagueId)) === null);
      }),
  },

  staff_settings: {
    select: async (c, as) => {
      const answer = await c.from("staff_settings").select("require_two_factor");
      return readAccess(
        answer,
        as,
        (rows) => JSON.stringify(rows) === JSON.stringify([{ require_two_factor: false }]),
      );
    },
    update: async (c, as) => {
      const before = await service.from("staff_settings").select("updated_at").single();
      const answer = await c
        .from("staff_settings")
        .update({ updated_at: PROBE_TIME })
        .eq("id", true);
      const after = await service.from("staff_settings").select("updated_at").single();
      await service
        .from("staff_settings")
        .update({ updated_at: before.data!.updated_at })
        .eq("id", true);
      return writeAccess(answer, as, sameTime(after.data!.updated_at, PROBE_TIME));
    },
  },

  staff_audit_log: rowProbes(
    "staff_audit_log",
    () => serviceInsert("staff_audit_log", { action: "two_factor_reset", target_name: "Probe" }),
    "id",
    {
      insert: () => ({ action: "two_factor_reset", target_name: `Probe ${randomUUID()}` }),
      marker: "target_name",
      update: { target_name: "Rewritten" },
    },
  ),

  intake_limits: {
    select: async (c, as) => {
      const answer = await c.from("intake_limits").select("name, max_count");
      return readAccess(answer, as, (rows) => rows.length === 5);
    },
    update: async (c, as) => {
      const name = "leads_per_address";
      const before = await service.from("intake_limits").select().eq("name", name).single();
      const marker = `Probe ${randomUUID()}`;
      const answer = await c.from("intake_limits").update({ description: marker }).eq("name", name);
      const after = await service.from("intake_limits").select().eq("name", name).single();
      await service
        .from("intake_limits")
        .update({ description: before.data!.description })
        .eq("name", name);
      return writeAccess(answer, as, after.data!.description === marker);
    },
  },

  "storage: post-images objects": {
    // Listing is what a policy guards; the bucket is public, so anyone downloads a file anyway.
    "select (list)": async (c) => {
      const folder = `probe-${randomUUID().slice(0, 8)}`;
      expect((await images(service).upload(`${folder}/a.png`, png())).error).toBeNull();
      const listed = await images(c).list(folder);
      if (listed.error) return `list: ${listed.error.message}`;
      const names = listed.data.map((o) => o.name).join();
      if (names === "") return "none";
      return names === "a.png" ? "allowed" : `listed ${names}`;
    },
    "insert (upload)": async (c) => {
      const name = imageName("upload");
      const { data, error } = await images(c).upload(name, png());
      const stored = await publicImage(name);
      if (error) {
        if (!storageRefused(error)) return `upload: ${error.message}`;
        return stored.status === 400 ? "denied" : "denied, yet stored";
      }
      return data.path === name && data.fullPath === `post-images/${name}` && stored.status === 200
        ? "allowed"
        : `uploaded ${JSON.stringify(data)}, public URL ${stored.status}`;
    },
    "update (upsert, update)": async (c) => {
      const outcomes: string[] = [];
      for (const replace of [
        (name: string) => images(c).upload(name, png(OTHER_PNG), { upsert: true }),
        (name: string) => images(c).update(name, png(OTHER_PNG)),
      ]) {
        const name = imageName("kept");
        expect((await images(service).upload(name, png())).error).toBeNull();
        const { error } = await replace(name);
        const stored = await publicImage(name);
        if (error) {
          if (!storageRefused(error)) outcomes.push(`replace: ${error.message}`);
          else
            outcomes.push(
              stored.status === 200 && stored.bytes.equals(PNG) ? "denied" : "denied, yet changed",
            );
        } else outcomes.push(stored.bytes.equals(OTHER_PNG) ? "allowed" : "none");
      }
      return agreed(outcomes);
    },
    "delete (remove)": async (c) => {
      const name = imageName("kept");
      expect((await images(service).upload(name, png())).error).toBeNull();
      const removed = await images(c).remove([name]);
      const stored = await publicImage(name);
      if (removed.error) return storageRefused(removed.error) ? "denied" : removed.error.message;
      if (removed.data.length === 0)
        return stored.status === 200 && stored.bytes.equals(PNG) ? "none" : "none, yet removed";
      return removed.data.map((o) => o.name).join() === name && stored.status === 400
        ? "allowed"
        : `removed ${JSON.stringify(removed.data)}, public URL ${stored.status}`;
    },
  },

  "storage: the post-images bucket": {
    "select (getBucket, listBuckets)": async (c) => {
      const bucket = await c.storage.getBucket("post-images");
      const buckets = await c.storage.listBuckets();
      if (buckets.error) return `listBuckets: ${buckets.error.message}`;
      if (
        buckets.data.length === 0 &&
        (bucket.error as { statusCode?: string } | null)?.statusCode === "404" &&
        bucket.error?.message === "Bucket not found"
      )
        return "none";
      if (bucket.error) return `getBucket: ${bucket.error.message}`;
      const settings = Object.fromEntries(
        Object.keys(BUCKET_SETTINGS).map((key) => [key, (bucket.data as unknown as Row)[key]]),
      );
      return JSON.stringify(settings) === JSON.stringify(BUCKET_SETTINGS) &&
        buckets.data.map((b) => b.id).join() === "post-images"
        ? "allowed"
        : `bucket ${JSON.stringify(bucket.data)}, buckets ${buckets.data.map((b) => b.id).join()}`;
    },
  },
};

describe("the access matrix", () => {
  beforeAll(async () => {
    leadIdForNotes = (await serviceInsert<{ id: string }>("leads", newLead())).id;
    probeSendId = (await probeSend()).id;
    probeBatchId = (await probeBatch(probeSendId)).id;
  });

  for (const [table, operations] of Object.entries(matrix)) {
    describe(table, () => {
      for (const [operation, cell] of Object.entries(operations as Record<string, Cell>)) {
        describe(operation, () => {
          const probe = (probes as unknown as Record<string, Record<string, Probe>>)[table]![
            operation
          ]!;
          for (const as of TESTERS) {
            const expected = expectedOf(cell, as);
            if (expected === undefined) continue;
            it(`${as}: ${expected}`, async () => {
              expect(await probe(clients[as], as)).toBe(expected);
            });
          }
        });
      }
    });
  }

  describe("functions", () => {
    for (const [label, call] of Object.entries(functionMatrix)) {
      describe(label, () => {
        for (const as of TESTERS) {
          const expected = expectedOf(call.answers, as);
          if (expected === undefined) continue;
          const shown =
            typeof expected === "string"
              ? expected
              : "raises" in expected
                ? `raises ${expected.raises}`
                : "answers";
          it(`${as}: ${shown}`, async () => {
            const answer = await clients[as].rpc(call.name, call.args());
            if (expected === "denied") {
              expect(answer.error, "refused").not.toBeNull();
              expect(refused(answer, as) ? "denied" : unexpected(answer)).toBe("denied");
            } else if (typeof expected === "object" && "raises" in expected) {
              expect({ code: answer.error?.code, message: answer.error?.message }).toEqual({
                code: "P0001",
                message: expected.raises,
              });
            } else {
              expect(answer.error).toBeNull();
              if (expected !== "answers") expect(answer.data).toEqual(expected.returns);
            }
          });
        }
      });
    }
  });

  it("staff_role_permissions holds what ROLE_PERMISSIONS says, every role and permission", async () => {
    expect(await rolePermissionRows()).toEqual(ROLE_PERMISSION_ROWS);
    // Every permission is granted to some role, and every role grants something.
    for (const permission of PERMISSIONS) {
      expect(STAFF_ROLES.some((role) => ROLE_PERMISSIONS[role].includes(permission))).toBe(true);
    }
    for (const role of STAFF_ROLES) expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(0);
  });

  it("staff_role() reads public.staff_members only: a joined member, in a live session; never the token's metadata", async () => {
    const salesId = accountIds.sales!;
    const claimsAdminId = accountIds["claims-admin"]!;
    const liveSession = async (tester: Tester) =>
      jwtClaims(await accessTokenOf(clients[tester])).session_id as string;
    // A member whose invitation is still pending, signed in.
    const pendingEmail = uniqueEmail("pending");
    const pendingId = await newAccount(pendingEmail);
    const pending = await signedIn(pendingEmail, MEMBER_PASSWORD);
    expect(
      (
        await service.rpc("record_staff_invitation", {
          actor: accountIds.admin,
          member: pendingId,
          member_role: "admin",
          member_language: "en",
          resent: false,
        })
      ).error,
    ).toBeNull();
    const pendingSession = jwtClaims(await accessTokenOf(pending)).session_id as string;

    const signedInAs = (sub: string, sessionId: unknown, extra: Record<string, unknown> = {}) => ({
      role: "authenticated",
      sub,
      ...(sessionId === undefined ? {} : { session_id: sessionId }),
      aal: "aal1",
      ...extra,
    });
    const claims: [string, Record<string, unknown>, StaffRole | null][] = [
      ["a Sales member", signedInAs(salesId, await liveSession("sales")), "sales"],
      [
        "a Sales member whose token says admin",
        signedInAs(salesId, await liveSession("sales"), { app_metadata: { role: "admin" } }),
        "sales",
      ],
      [
        "a non-member whose token says admin (app_metadata)",
        signedInAs(claimsAdminId, await liveSession("claims-admin"), {
          app_metadata: { role: "admin" },
        }),
        null,
      ],
      [
        "a non-member whose token says admin (user_metadata)",
        signedInAs(accountIds.user!, await liveSession("user"), {
          user_metadata: { role: "admin" },
        }),
        null,
      ],
      ["a pending member", signedInAs(pendingId, pendingSession), null],
      ["a Sales member, a session that does not exist", signedInAs(salesId, randomUUID()), null],
      ["a Sales member, no session_id", signedInAs(salesId, undefined), null],
      ["a Sales member, a malformed session_id", signedInAs(salesId, "not-a-uuid"), null],
      [
        "no subject, admin in app_metadata",
        { role: "authenticated", app_metadata: { role: "admin" } },
        null,
      ],
      ["nothing", {}, null],
    ];
    for (const [label, jwt, role] of claims) {
      const { rows } = await stack.db.transaction(
        { role: "authenticated", settings: { "request.jwt.claims": JSON.stringify(jwt) } },
        (tx) =>
          tx.query<{ role: string | null; granted: boolean[] }>(
            `select public.staff_role()::text as role,
                    array(select public.has_permission(p)
                            from unnest(enum_range(null::public.staff_permission)) p) as granted`,
          ),
      );
      expect(rows[0], label).toEqual({
        role,
        granted: PERMISSIONS.map((permission) =>
          role ? ROLE_PERMISSIONS[role].includes(permission) : false,
        ),
      });
    }
  });

  it("an account whose token says admin is no member and has no staff profile", async () => {
    expect(await membershipOf(accountIds["claims-admin"]!)).toBeNull();
    expect(await profileOf(accountIds["claims-admin"]!)).toBeNull();
  });
});

// --------------------------------------------------------------------------------------------
// The team's rules: who stays an Administrator, whose sessions count, whose name is whose.
// --------------------------------------------------------------------------------------------

describe("the team", () => {
  /** A joined member of `role`, signed in (aal1, no factor). */
  async function signedInMember(role: StaffRole, email = uniqueEmail(role)) {
    const { id } = await newMember(role, email);
    return { id, email, client: await signedIn(email, MEMBER_PASSWORD) };
  }

  /** What a client reads of the leads: a lead made now must be among them, or nothing is. */
  async function readsLeads(c: SupabaseClient): Promise<"reads leads" | "reads nothing"> {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    const { data, error } = await c.from("leads").select("id").eq("id", lead.id);
    expect(error).toBeNull();
    return data!.length === 1 ? "reads leads" : "reads nothing";
  }

  const p0001 = (error: { code?: string; message?: string } | null) => ({
    code: error?.code,
    message: error?.message,
  });

  async function auditOf(target: string) {
    const { data, error } = await service
      .from("staff_audit_log")
      .select("actor_id, actor_name, action, target_id, target_name, details")
      .eq("target_id", target)
      .order("id");
    expect(error).toBeNull();
    return data!;
  }

  it("the last Administrator can be neither demoted nor removed, nor deleted through Auth's admin API", async () => {
    const last = await signedInMember("admin");
    // Every other Administrator stands down for the test (the service role may write this).
    const others = (
      await service
        .from("staff_members")
        .select("user_id")
        .eq("role", "admin")
        .neq("user_id", last.id)
    ).data!.map((row) => row.user_id as string);
    expect(others.length).toBeGreaterThan(0);
    expect(
      (await service.from("staff_members").update({ role: "sales" }).in("user_id", others)).error,
    ).toBeNull();
    try {
      const demote = await last.client.rpc("change_staff_role", {
        member: last.id,
        new_role: "editor",
      });
      expect(p0001(demote.error)).toEqual({ code: "P0001", message: "last_admin" });
      // Removing oneself is refused before (an Administrator removing the last one other than
      // themselves cannot exist: they are one).
      const remove = await last.client.rpc("remove_staff_member", { member: last.id });
      expect(p0001(remove.error)).toEqual({ code: "P0001", message: "self" });
      // The service role's own writes are held to it too.
      const deleted = await service.from("staff_members").delete().eq("user_id", last.id);
      expect(p0001(deleted.error)).toEqual({ code: "P0001", message: "last_admin" });
      const demoted = await service
        .from("staff_members")
        .update({ role: "sales" })
        .eq("user_id", last.id);
      expect(p0001(demoted.error)).toEqual({ code: "P0001", message: "last_admin" });
      // Deleting the account in the dashboard (Auth's admin API) fails: the account stays.
      const gone = await service.auth.admin.deleteUser(last.id);
      expect(gone.error).not.toBeNull();
      expect((await service.auth.admin.getUserById(last.id)).data.user?.id).toBe(last.id);
      expect(await membershipOf(last.id)).toMatchObject({ role: "admin" });
      expect(await readsLeads(last.client)).toBe("reads leads");
      // A pending invitation as an Administrator is no Administrator yet.
      const inviteeEmail = uniqueEmail("pending-admin");
      const invitee = await newAccount(inviteeEmail);
      expect(
        (
          await service.rpc("record_staff_invitation", {
            actor: last.id,
            member: invitee,
            member_role: "admin",
            member_language: "en",
            resent: false,
          })
        ).error,
      ).toBeNull();
      expect(
        p0001(
          (await last.client.rpc("change_staff_role", { member: last.id, new_role: "sales" }))
            .error,
        ),
      ).toEqual({ code: "P0001", message: "last_admin" });
    } finally {
      expect(
        (await service.from("staff_members").update({ role: "admin" }).in("user_id", others)).error,
      ).toBeNull();
    }
    // With a second Administrator, either may step down.
    expect(
      (await last.client.rpc("change_staff_role", { member: last.id, new_role: "editor" })).error,
    ).toBeNull();
    expect(await membershipOf(last.id)).toMatchObject({ role: "editor" });
  });

  it("a removed member's access token, still valid, reads nothing at its next request", async () => {
    const seller = await signedInMember("sales");
    expect(await readsLeads(seller.client)).toBe("reads leads");
    const removed = await staff.rpc("remove_staff_member", { member: seller.id });
    expect(removed.error).toBeNull();
    // The same token (not refreshed, not expired): nothing, and no membership to show.
    expect(await readsLeads(seller.client)).toBe("reads nothing");
    expect((await seller.client.rpc("my_staff_access")).data).toEqual([]);
    expect((await seller.client.from("newsletter_subscribers").select("id")).data).toEqual([]);
    expect(await membershipOf(seller.id)).toBeNull();
    expect(await auditOf(seller.id)).toEqual([
      expect.objectContaining({
        actor_id: accountIds.admin,
        actor_name: "Staff",
        action: "removed",
      }),
    ]);
    // Not twice, and never oneself.
    expect(p0001((await staff.rpc("remove_staff_member", { member: seller.id })).error)).toEqual({
      code: "P0001",
      message: "not_found",
    });
    expect(
      p0001((await staff.rpc("remove_staff_member", { member: accountIds.admin })).error),
    ).toEqual({ code: "P0001", message: "self" });
  });

  it("a session ended by signing out elsewhere, or by a password change, grants nothing", async () => {
    const seller = await signedInMember("sales");
    const laptop = seller.client;
    const phone = await signedIn(seller.email, MEMBER_PASSWORD);
    expect(await readsLeads(laptop)).toBe("reads leads");
    // The phone signs the other sessions out: the laptop's token, still unexpired, reads nothing.
    expect((await phone.auth.signOut({ scope: "others" })).error).toBeNull();
    expect(await readsLeads(laptop)).toBe("reads nothing");
    expect((await laptop.rpc("my_staff_access")).data).toEqual([]);
    expect(await readsLeads(phone)).toBe("reads leads");

    // A new password ends every other session.
    const tablet = await signedIn(seller.email, MEMBER_PASSWORD);
    expect(await readsLeads(tablet)).toBe("reads leads");
    expect(
      (await phone.auth.updateUser({ password: "a-new-password-for-tests" })).error,
    ).toBeNull();
    expect(await readsLeads(tablet)).toBe("reads nothing");
    expect(await readsLeads(phone)).toBe("reads leads");
  });

  it("display names are unique among staff whatever their case", async () => {
    // Digits: the name made from the e-mail keeps them as they are.
    const tag = String(randomInt(100_000, 1_000_000));
    const ada = await signedInMember("editor", `ada.${tag}@example.com`);
    const grace = await signedInMember("sales", `grace.${tag}@example.com`);
    const name = `Ada ${tag}`;
    expect((await profileOf(ada.id))?.display_name).toBe(name);
    for (const taken of [name, name.toUpperCase(), name.toLowerCase()]) {
      const { error, status } = await grace.client
        .from("staff_profiles")
        .update({ display_name: taken })
        .eq("user_id", grace.id);
      expect(error?.code, taken).toBe("23505");
      expect(error?.message).toContain("staff_profiles_display_name_key");
      expect(status).toBe(409);
    }
    expect((await profileOf(grace.id))?.display_name).toBe(`Grace ${tag}`);
    // Once Ada takes another name, hers is free.
    expect(
      (
        await ada.client
          .from("staff_profiles")
          .update({ display_name: `Ada L ${tag}` })
          .eq("user_id", ada.id)
      ).error,
    ).toBeNull();
    expect(
      (
        await grace.client
          .from("staff_profiles")
          .update({ display_name: name })
          .eq("user_id", grace.id)
      ).error,
    ).toBeNull();
  });

  it("an invitation is pending until the invitee, with a password, accepts it under a free name; audited", async () => {
    // Digits: the name made from the e-mail keeps them as they are.
    const tag = String(randomInt(100_000, 1_000_000));
    // A colleague already signs as "Marie <tag>"; the invitee's e-mail gives the same name.
    const marie = await newMember("sales", `marie.${tag}@example.com`);
    expect((await profileOf(marie.id))?.display_name).toBe(`Marie ${tag}`);
    const email = `MARIE.${tag}+new@example.com`;
    const inviteeId = await newAccount(email);
    const invitee = await signedIn(email, MEMBER_PASSWORD);
    // Not invited yet.
    expect(
      p0001((await invitee.rpc("accept_staff_invitation", { display_name: "X" })).error),
    ).toEqual({
      code: "P0001",
      message: "not_invited",
    });
    const invited = await service.rpc("record_staff_invitation", {
      actor: accountIds.admin,
      member: inviteeId,
      member_role: "editor",
      member_language: "fr",
      resent: false,
    });
    expect(invited.error).toBeNull();
    expect(await membershipOf(inviteeId)).toMatchObject({
      role: "editor",
      language: "fr",
      invited_by: accountIds.admin,
      joined_at: null,
    });
    // The e-mail's name is a colleague's: the invitee's profile is "Marie <tag> 2" meanwhile.
    expect((await profileOf(inviteeId))?.display_name).toBe(`Marie ${tag} 2`);
    // Pending: a row with no permissions, and no access.
    expect((await invitee.rpc("my_staff_access")).data).toEqual([
      expect.objectContaining({ role: "editor", permissions: [], joined: false }),
    ]);
    expect((await invitee.rpc("staff_role")).data).toBeNull();
    expect((await invitee.from("blog_posts").insert(newPost())).error?.code).toBe("42501");

    // Without a password (as an invitation's link signs in), joining waits for one.
    await stack.db.query(`update auth.users set encrypted_password = '' where id = $1`, [
      inviteeId,
    ]);
    expect(
      p0001((await invitee.rpc("accept_staff_invitation", { display_name: "Marie Curie" })).error),
    ).toEqual({ code: "P0001", message: "password_first" });
    expect(
      (await invitee.auth.updateUser({ password: "the-invitees-own-password" })).error,
    ).toBeNull();

    // A colleague's name, whatever its case, is refused; a free one joins.
    const taken = await invitee.rpc("accept_staff_invitation", {
      display_name: `marie ${tag}`.toUpperCase(),
    });
    expect(taken.error?.code).toBe("23505");
    expect(taken.error?.message).toContain("staff_profiles_display_name_key");
    expect(await membershipOf(inviteeId)).toMatchObject({ joined_at: null });
    const joined = await invitee.rpc("accept_staff_invitation", {
      display_name: `Marie Curie ${tag}`,
    });
    expect(joined.error).toBeNull();
    expect((await profileOf(inviteeId))?.display_name).toBe(`Marie Curie ${tag}`);
    expect((await invitee.rpc("my_staff_access")).data).toEqual(accessRow("editor", false));
    expect((await invitee.from("blog_posts").insert(newPost())).error).toBeNull();
    // Once only.
    expect(
      p0001((await invitee.rpc("accept_staff_invitation", { display_name: "Again" })).error),
    ).toEqual({ code: "P0001", message: "not_invited" });
    expect(await auditOf(inviteeId)).toEqual([
      expect.objectContaining({
        actor_id: accountIds.admin,
        action: "invited",
        details: { role: "editor", language: "fr" },
      }),
      expect.objectContaining({
        actor_id: inviteeId,
        actor_name: `Marie Curie ${tag}`,
        action: "joined",
        target_id: inviteeId,
      }),
    ]);
    // A joined member is never invited again.
    const again = await service.rpc("record_staff_invitation", {
      actor: accountIds.admin,
      member: inviteeId,
      member_role: "admin",
      member_language: "en",
      resent: true,
    });
    expect(p0001(again.error)).toEqual({ code: "P0001", message: "already_member" });
  });

  it("a role change is audited with from and to, and holds from the member's next request", async () => {
    const member = await signedInMember("editor");
    expect(await readsLeads(member.client)).toBe("reads nothing");
    expect(
      (await staff.rpc("change_staff_role", { member: member.id, new_role: "sales" })).error,
    ).toBeNull();
    // The same token: the new role's rights at once, the old one's gone.
    expect(await readsLeads(member.client)).toBe("reads leads");
    expect((await member.client.from("blog_posts").insert(newPost())).error?.code).toBe("42501");
    expect(await auditOf(member.id)).toEqual([
      expect.objectContaining({
        actor_id: accountIds.admin,
        actor_name: "Staff",
        action: "role_changed",
        details: { from: "editor", to: "sales" },
      }),
    ]);
    // The same role again changes nothing and writes nothing.
    expect(
      (await staff.rpc("change_staff_role", { member: member.id, new_role: "sales" })).error,
    ).toBeNull();
    expect(await auditOf(member.id)).toHaveLength(1);
    // Only a manager of staff, in aal2 when they have a factor.
    for (const tester of ["sales", "editor", totp("admin", "aal1")] as const) {
      const refusedChange = await clients[tester].rpc("change_staff_role", {
        member: member.id,
        new_role: "admin",
      });
      expect(refusedChange.error?.code, tester).toBe("42501");
    }
    expect(
      (
        await clients[totp("admin", "aal2")].rpc("change_staff_role", {
          member: member.id,
          new_role: "editor",
        })
      ).error,
    ).toBeNull();
    expect(await membershipOf(member.id)).toMatchObject({ role: "editor" });
  });

  it("requiring two-factor takes personal data from every member without an aal2 session, until they have one", async () => {
    const seller = await signedInMember("sales");
    const writer = await signedInMember("editor");
    const adminAal2 = clients[totp("admin", "aal2")];
    // Only from an aal2 session: an Administrator without a factor cannot turn it on.
    expect(p0001((await staff.rpc("set_team_two_factor", { required: true })).error)).toEqual({
      code: "P0001",
      message: "two_factor_first",
    });
    expect(
      (await service.from("staff_settings").select("require_two_factor").single()).data,
    ).toEqual({ require_two_factor: false });

    expect((await adminAal2.rpc("set_team_two_factor", { required: true })).error).toBeNull();
    try {
      const logged = await service
        .from("staff_audit_log")
        .select("actor_id, action, target_id")
        .eq("action", "two_factor_required");
      expect(logged.data).toEqual([
        {
          actor_id: accountIds[totp("admin", "aal2")],
          action: "two_factor_required",
          target_id: null,
        },
      ]);
      // Members without a factor: their sections still listed, their personal data gone.
      expect((await seller.client.rpc("my_staff_access")).data).toEqual([
        expect.objectContaining({
          role: "sales",
          two_factor_required: true,
          has_verified_factor: false,
        }),
      ]);
      for (const c of [seller.client, staff, clients[totp("sales", "aal1")]]) {
        expect(await readsLeads(c)).toBe("reads nothing");
      }
      expect((await seller.client.from("newsletter_subscribers").select("id")).data).toEqual([]);
      expect((await staff.rpc("staff_team")).data).toEqual([]);
      // An Administrator without aal2 cannot turn it off either.
      expect((await staff.rpc("set_team_two_factor", { required: false })).error?.code).toBe(
        "42501",
      );
      // Posts are no personal data: the Editor keeps them, and sends them to subscribers.
      expect((await writer.client.from("blog_posts").insert(newPost())).error).toBeNull();
      expect(
        (await writer.client.rpc("newsletter_audience", { post_id: newsletterPostId })).error,
      ).toBeNull();
      // aal2 sessions keep everything.
      expect(await readsLeads(clients[totp("sales", "aal2")])).toBe("reads leads");
      // The member enrols a factor: from that aal2 session, the leads again.
      await enrolTotp(seller.client);
      expect(await readsLeads(seller.client)).toBe("reads leads");
      expect((await seller.client.rpc("my_staff_access")).data).toEqual([
        expect.objectContaining({ two_factor_required: true, has_verified_factor: true }),
      ]);
    } finally {
      expect((await adminAal2.rpc("set_team_two_factor", { required: false })).error).toBeNull();
    }
    expect(await readsLeads(staff)).toBe("reads leads");
    // Now that the seller has a factor, an aal1 session of theirs is refused even so.
    const sellerAal1 = await signedIn(seller.email, MEMBER_PASSWORD);
    expect(await readsLeads(sellerAal1)).toBe("reads nothing");
    expect(
      (await service.from("staff_audit_log").select("action").eq("action", "two_factor_optional"))
        .data,
    ).toHaveLength(1);
  });
});

// --------------------------------------------------------------------------------------------
// What the database does beyond who may do what.
// --------------------------------------------------------------------------------------------

describe("leads", () => {
  it("rejects invalid leads with a 400", async () => {
    for (const bad of [
      { name: "   " },
      { email: "not-an-email" },
      { source: "elsewhere" },
      { language: "de" },
      { name: "x".repeat(201) },
      { message: "x".repeat(5001) },
      { name: "Line\nbreak" },
    ]) {
      const { error, status } = await anon.from("leads").insert(newLead(bad));
      expect(error, JSON.stringify(bad)).not.toBeNull();
      expect(status).toBe(400);
    }
    const { error } = await anon
      .from("leads")
      .insert({ email: uniqueEmail("noname"), source: "contact" });
    expect(error).not.toBeNull();
  });

  it("a status outside the vocabulary is refused", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    const badStatus = await staff.from("leads").update({ status: "won" }).eq("id", lead.id);
    expect(badStatus.error?.code).toBe("23514");
  });

  it("nobody, the service role included, rewrites what the visitor sent", async () => {
    const lead = await serviceInsert<LeadRow & { id: string; created_at: string }>(
      "leads",
      newLead(),
    );
    const rewrites: Record<string, unknown>[] = [
      { name: "Changed" },
      { email: "changed@example.com" },
      { message: "Another message" },
      { website: null },
      { source: "about" },
      { created_at: "2020-01-01T00:00:00Z" },
      { status: "contacted", budget: "$1" },
    ];
    for (const rewrite of rewrites) {
      const { error, status } = await service.from("leads").update(rewrite).eq("id", lead.id);
      expect(error?.code, JSON.stringify(rewrite)).toBe("42501");
      expect(error?.message).toBe("What a visitor sent with a lead cannot be changed.");
      expect(status).toBe(403);
    }
    const staffRewrite = await staff
      .from("leads")
      .update({ status: "contacted", company: "Changed" })
      .eq("id", lead.id);
    expect(staffRewrite.error?.code).toBe("42501");
    expect(await serviceGet("leads", lead.id)).toEqual(lead);
  });

  it("stores a 6th lead for the same e-mail within an hour, as a repeat of the first", async () => {
    const email = uniqueEmail("repeat");
    for (let i = 0; i < 6; i++) {
      const { error } = await anon
        .from("leads")
        .insert(newLead({ email: i % 2 ? email.toUpperCase() : email }));
      expect(error, `lead ${i + 1}`).toBeNull();
    }
    const { data } = await service
      .from("leads")
      .select("id, repeat_of")
      .ilike("email", email)
      .order("created_at");
    expect(data).toHaveLength(6);
    expect(data!.slice(1).every((row) => row.repeat_of === data![0]!.id)).toBe(true);
  });
});

describe("lead notes and status history", () => {
  async function staffId(): Promise<string> {
    const { data, error } = await staff.auth.getUser();
    expect(error).toBeNull();
    return data.user!.id;
  }

  it("a status change is recorded with who made it and when", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    const before = Date.now();
    expect(
      (await staff.from("leads").update({ status: "contacted" }).eq("id", lead.id)).error,
    ).toBeNull();
    // The same status again is not a change.
    expect(
      (await staff.from("leads").update({ status: "contacted" }).eq("id", lead.id)).error,
    ).toBeNull();
    expect(
      (await service.from("leads").update({ status: "qualified" }).eq("id", lead.id)).error,
    ).toBeNull();

    const { data, error } = await staff
      .from("lead_status_changes")
      .select("from_status, to_status, changed_by, changed_by_name, changed_at")
      .eq("lead_id", lead.id)
      .order("id");
    expect(error).toBeNull();
    expect(data).toMatchObject([
      {
        from_status: "new",
        to_status: "contacted",
        changed_by: await staffId(),
        changed_by_name: "Staff",
      },
      { from_status: "contacted", to_status: "qualified", changed_by: null, changed_by_name: null },
    ]);
    expect(Date.parse(data![0]!.changed_at)).toBeGreaterThanOrEqual(before - 5_000);
    expect(
      (await service.from("lead_status_changes").select("id").eq("lead_id", lead.id)).data,
    ).toHaveLength(2);
  });

  it("staff add notes under their own name, checked, and erasing a lead takes its notes", async () => {
    const lead = await serviceInsert<{ id: string }>("leads", newLead());
    const added = await staff
      .from("lead_notes")
      .insert({ lead_id: lead.id, body: "Called them:\nbudget confirmed." })
      .select("body, author_id, author_name, created_at")
      .single();
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({
      body: "Called them:\nbudget confirmed.",
      author_id: await staffId(),
      author_name: "Staff",
    });

    // The author and date are the database's, whatever the client sends.
    const forged = await staff.from("lead_notes").insert({
      lead_id: lead.id,
      body: "Forged",
      author_name: "Someone else",
      created_at: "2020-01-01T00:00:00Z",
    });
    expect(forged.error?.code).toBe("42501");

    for (const body of ["   ", "a".repeat(5001), "bell\u0007"]) {
      const refusedNote = await staff.from("lead_notes").insert({ lead_id: lead.id, body });
      expect(refusedNote.error?.code).toBe("23514");
    }

    const kept = await service.from("lead_notes").select("body").eq("lead_id", lead.id);
    expect(kept.data).toEqual([{ body: "Called them:\nbudget confirmed." }]);

    // Erasing a lead takes its notes and history with it.
    expect((await service.from("leads").delete().eq("id", lead.id)).error).toBeNull();
    expect((await service.from("lead_notes").select("id").eq("lead_id", lead.id)).data).toEqual([]);
  });
});

describe("newsletter_subscribers", () => {
  it("anyone can sign up through newsletter_subscribe; twice stores one pending row", async () => {
    for (const c of [anon, user, staff]) {
      const email = uniqueEmail("news");
      const first = await c.rpc("newsletter_subscribe", { email, language: "fr" });
      expect(first.error).toBeNull();
      const second = await c.rpc("newsletter_subscribe", {
        email: email.toUpperCase(),
        language: "en",
      });
      expect(second.error).toBeNull();
      expect(second.status).toBe(first.status);

      const { data } = await service
        .from("newsletter_subscribers")
        .select("email, language, status")
        .ilike("email", email);
      expect(data).toEqual([{ email, language: "en", status: "pending" }]);
    }
  });

  it("invalid addresses are refused", async () => {
    const { error, status } = await anon.rpc("newsletter_subscribe", { email: "nope" });
    expect(error?.code).toBe("23514");
    expect(status).toBe(400);
  });
});

describe("blog_posts", () => {
  it("visitors and non-staff users read only published posts whose time has come", async () => {
    for (const c of [anon, user]) {
      for (const language of ["en", "fr"] as const) {
        const { data, error } = await c
          .from("blog_posts")
          .select("slug, status, published_at")
          .eq("language", language)
          .eq("status", "published")
          .order("created_at", { ascending: false });
        expect(error).toBeNull();
        expect(data!.length).toBeGreaterThanOrEqual(PUBLISHED_PER_LANGUAGE);

        const all = await c
          .from("blog_posts")
          .select("id, status, published_at")
          .eq("language", language);
        const everything = await service
          .from("blog_posts")
          .select("id, status, published_at")
          .eq("language", language);
        const due = everything.data!.filter(
          (p) =>
            p.status === "published" &&
            p.published_at &&
            new Date(p.published_at).getTime() <= Date.now(),
        );
        expect(all.data!.map((p) => p.id).sort()).toEqual(due.map((p) => p.id).sort());
        expect(everything.data!.length).toBeGreaterThan(due.length);

        for (const slug of HIDDEN_SLUGS[language]) {
          const one = await c
            .from("blog_posts")
            .select("*")
            .eq("language", language)
            .eq("slug", slug)
            .maybeSingle();
          expect(one.error).toBeNull();
          expect(one.data).toBeNull();
        }
      }
    }
  });

  it("the seed has a featured post, a video post and a long rich post per language", async () => {
    for (const language of ["en", "fr"]) {
      const { data } = await anon.from("blog_posts").select("*").eq("language", language);
      const posts = data!.filter((p) => !p.slug.startsWith("test-post-"));
      expect(posts).toHaveLength(PUBLISHED_PER_LANGUAGE);
      expect(posts.some((p) => p.featured)).toBe(true);
      expect(
        posts.some((p) => /^https:\/\/www\.youtube-nocookie\.com\/embed\//.test(p.video_url ?? "")),
      ).toBe(true);
      const long = posts.find((p) => p.content.includes('data-type="taskList"'));
      expect(long).toBeDefined();
      for (const tag of [
        "<h1>",
        "<h2>",
        "<h3>",
        "<strong>",
        "<em>",
        "<u>",
        "<s>",
        "<code>",
        "<pre>",
        "<blockquote>",
        "<ol>",
        "<hr>",
        "<br>",
        "<a ",
        "<img ",
      ]) {
        expect(long!.content, tag).toContain(tag);
      }
      expect(new Set(posts.map((p) => p.category)).size).toBeGreaterThanOrEqual(6);
    }
  });

  it("staff and the service role read every post, the seed's drafts and scheduled ones included", async () => {
    for (const c of [staff, service]) {
      const { data, error } = await c
        .from("blog_posts")
        .select("slug")
        .order("created_at", { ascending: false });
      expect(error).toBeNull();
      const slugs = data!.map((p) => p.slug);
      for (const slug of [...HIDDEN_SLUGS.en, ...HIDDEN_SLUGS.fr]) expect(slugs).toContain(slug);
    }
  });

  it("staff create posts with the database's defaults; ids, duplicates and bad values are refused", async () => {
    const created = await staff
      .from("blog_posts")
      .insert({ ...newPost(), status: "published", language: undefined })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ status: "published", language: "fr", featured: false });
    expect(created.data!.published_at).toBeTruthy();

    const visible = await anon.from("blog_posts").select("id").eq("id", created.data!.id);
    expect(visible.data).toHaveLength(1);

    const forbidden = await staff.from("blog_posts").insert({ ...newPost(), id: randomUUID() });
    expect(forbidden.error?.code).toBe("42501");

    const dup = await staff
      .from("blog_posts")
      .insert({ ...newPost(), slug: created.data!.slug, language: "fr" });
    expect(dup.error?.code).toBe("23505");
    expect(dup.status).toBe(409);

    for (const bad of [
      { slug: "Not A Slug" },
      { category: "Crypto" },
      { status: "archived" },
      { title: " " },
    ]) {
      const res = await staff.from("blog_posts").insert(newPost(bad));
      expect(res.error, JSON.stringify(bad)).not.toBeNull();
      expect(res.status).toBe(400);
    }
  });

  it("updated_at and created_at are kept by the database", async () => {
    const post = await serviceInsert<{ id: string; title: string; updated_at: string }>(
      "blog_posts",
      newPost({ status: "published" }),
    );
    await new Promise((r) => setTimeout(r, 20));
    const asStaff = await staff
      .from("blog_posts")
      .update({ title: "Edited by staff", status: "draft" })
      .eq("id", post.id)
      .select()
      .single();
    expect(asStaff.error).toBeNull();
    expect(asStaff.data).toMatchObject({ title: "Edited by staff", status: "draft" });
    expect(new Date(asStaff.data!.updated_at).getTime()).toBeGreaterThan(
      new Date(post.updated_at).getTime(),
    );

    const staffCreatedAt = await staff
      .from("blog_posts")
      .update({ created_at: "2020-01-01T00:00:00Z" })
      .eq("id", post.id);
    expect(staffCreatedAt.error?.code).toBe("42501");
  });

  it("staff store a main image's size with it: both or neither, positive, never without the image", async () => {
    const image_url = "https://example.com/cover.png";
    const created = await staff
      .from("blog_posts")
      .insert(newPost({ image_url, image_width: 1600, image_height: 900 }))
      .select("id, image_width, image_height")
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ image_width: 1600, image_height: 900 });

    for (const bad of [
      { image_url, image_width: 1600, image_height: null },
      { image_url, image_width: null, image_height: 900 },
      { image_url, image_width: 0, image_height: 900 },
      { image_url, image_width: 1600, image_height: -1 },
      { image_url: null, image_width: 1600, image_height: 900 },
    ]) {
      const res = await staff.from("blog_posts").update(bad).eq("id", created.data!.id);
      expect(res.error?.code, JSON.stringify(bad)).toBe("23514");
      expect(res.error?.message).toContain("blog_posts_image_size_check");
    }
    // A typed address has no known size.
    const typed = await staff
      .from("blog_posts")
      .update({ image_url: "/images/a.png", image_width: null, image_height: null })
      .eq("id", created.data!.id)
      .select("image_url, image_width, image_height")
      .single();
    expect(typed.error).toBeNull();
    expect(typed.data).toEqual({
      image_url: "/images/a.png",
      image_width: null,
      image_height: null,
    });

    const asUser = await user
      .from("blog_posts")
      .update({ image_width: 1, image_height: 1 })
      .eq("id", created.data!.id)
      .select();
    expect(asUser.data).toEqual([]);
    expect(await serviceGet("blog_posts", created.data!.id)).toMatchObject({ image_width: null });
  });

  it("a published post with a future date stays hidden until then", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const created = await staff
      .from("blog_posts")
      .insert(newPost({ status: "published", published_at: future }))
      .select("id")
      .single();
    expect(created.error).toBeNull();
    expect((await anon.from("blog_posts").select("id").eq("id", created.data!.id)).data).toEqual(
      [],
    );
    expect(
      (await staff.from("blog_posts").select("id").eq("id", created.data!.id)).data,
    ).toHaveLength(1);
  });
});

describe("blog_posts: linked translations", () => {
  type GroupedPost = { id: string; language: string; translation_group: string };

  /** A post and its translation, made by staff as the workspace makes them. */
  async function pair(original: Record<string, unknown>, translation: Record<string, unknown>) {
    const first = await staff.from("blog_posts").insert(newPost(original)).select().single();
    expect(first.error).toBeNull();
    const group = (first.data as GroupedPost).translation_group;
    const second = await staff
      .from("blog_posts")
      .insert(newPost({ ...translation, translation_group: group }))
      .select()
      .single();
    expect(second.error).toBeNull();
    return [first.data as GroupedPost, second.data as GroupedPost] as const;
  }

  it("every post starts a group of its own; staff join a group only when they insert a post", async () => {
    const a = await serviceInsert<GroupedPost>("blog_posts", newPost());
    const b = await serviceInsert<GroupedPost>("blog_posts", newPost());
    expect(a.translation_group).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.translation_group).not.toBe(b.translation_group);

    for (const c of [anon, user]) {
      const { error } = await c
        .from("blog_posts")
        .insert(newPost({ language: "fr", translation_group: a.translation_group }));
      expect(error?.code).toBe("42501");
    }
    const [original, translation] = await pair({ language: "en" }, { language: "fr" });
    expect(translation.translation_group).toBe(original.translation_group);

    // A link is never rewired by a client, staff included; the service role may.
    const moved = await staff
      .from("blog_posts")
      .update({ translation_group: b.translation_group })
      .eq("id", translation.id);
    expect(moved.error?.code).toBe("42501");
    expect(await serviceGet("blog_posts", translation.id)).toMatchObject({
      translation_group: original.translation_group,
    });
    const bySvc = await service
      .from("blog_posts")
      .update({ translation_group: b.translation_group })
      .eq("id", translation.id);
    expect(bySvc.error).toBeNull();
  });

  it("a group holds one post per language: a second post in a language is refused", async () => {
    const [original, translation] = await pair({ language: "en" }, { language: "fr" });
    for (const language of ["en", "fr"]) {
      const { error, status } = await staff
        .from("blog_posts")
        .insert(newPost({ language, translation_group: original.translation_group }));
      expect(error?.code, language).toBe("23505");
      expect(error?.message).toContain("blog_posts_translation_group_language_key");
      expect(status).toBe(409);
    }
    // Nor can a translation take its partner's language.
    const sameLanguage = await staff
      .from("blog_posts")
      .update({ language: "en" })
      .eq("id", translation.id);
    expect(sameLanguage.error?.code).toBe("23505");
    expect(await serviceGet("blog_posts", translation.id)).toMatchObject({ language: "fr" });
  });

  it("deleting one post of a pair leaves the other in its group, where a new translation joins it", async () => {
    const [original, translation] = await pair({ language: "en" }, { language: "fr" });
    expect((await staff.from("blog_posts").delete().eq("id", original.id)).error).toBeNull();
    expect(await serviceGet("blog_posts", translation.id)).toMatchObject({
      translation_group: original.translation_group,
    });
    const again = await staff
      .from("blog_posts")
      .insert(newPost({ language: "en", translation_group: original.translation_group }))
      .select("translation_group")
      .single();
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ translation_group: original.translation_group });
  });

  it("visitors and users never learn of an unpublished or scheduled translation", async () => {
    const [original, draft] = await pair(
      { language: "en", status: "published" },
      { language: "fr", status: "draft" },
    );
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const [other, scheduled] = await pair(
      { language: "fr", status: "published" },
      { language: "en", status: "published", published_at: future },
    );
    for (const c of [anon, user]) {
      for (const [published, hidden] of [
        [original, draft],
        [other, scheduled],
      ] as const) {
        const { data, error } = await c
          .from("blog_posts")
          .select("id")
          .eq("translation_group", published.translation_group);
        expect(error).toBeNull();
        expect(data).toEqual([{ id: published.id }]);
        expect((await c.from("blog_posts").select("id").eq("id", hidden.id)).data).toEqual([]);
      }
    }
    // Publishing the translation makes the pair visible, both ways.
    await staff.from("blog_posts").update({ status: "published" }).eq("id", draft.id);
    const { data } = await anon
      .from("blog_posts")
      .select("id")
      .eq("translation_group", original.translation_group);
    expect(data!.map((row) => row.id).sort()).toEqual([original.id, draft.id].sort());
  });
});

describe("storage: the post-images bucket", () => {
  it("staff upload a PNG, and anyone reads it at its public URL", async () => {
    const name = imageName("cover");
    const { data, error } = await images(staff).upload(name, png());
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: name, fullPath: `post-images/${name}` });
    const response = await fetch(images(anon).getPublicUrl(name).data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it("refuses a file over 5 MB and a type that is not an image, with Storage's errors", async () => {
    const tooBig = await images(staff).upload(
      imageName("big"),
      png(Buffer.alloc(5 * 1024 * 1024 + 1)),
    );
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: "413" });
    expect(tooBig.error!.message).toBe("The object exceeded the maximum allowed size");
    const fits = await images(staff).upload(imageName("fits"), png(Buffer.alloc(5 * 1024 * 1024)));
    expect(fits.error).toBeNull();

    for (const [body, type] of [
      [new Blob(["plain text"], { type: "text/plain" }), "text/plain"],
      [new Blob(["<svg/>"], { type: "image/svg+xml" }), "image/svg+xml"],
      [new Blob(["<p>hi</p>"], { type: "text/html" }), "text/html"],
    ] as const) {
      const { error } = await images(staff).upload(imageName("typed"), body);
      expect(error, type).toMatchObject({ status: 400, statusCode: "415" });
      expect(error!.message).toBe(`mime type ${type} is not supported`);
    }
  });

  it("staff list (with metadata), download and remove images", async () => {
    const folder = `list-${randomUUID().slice(0, 8)}`;
    const names = [`${folder}/a.png`, `${folder}/b.png`];
    for (const name of names) expect((await images(staff).upload(name, png())).error).toBeNull();

    const listed = await images(staff).list(folder);
    expect(listed.error).toBeNull();
    expect(listed.data!.map((o) => o.name)).toEqual(["a.png", "b.png"]);
    expect(listed.data![0]!.metadata).toMatchObject({ mimetype: "image/png", size: PNG.length });

    const downloaded = await images(staff).download(names[0]!);
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(PNG);

    const removed = await images(staff).remove(names);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual(names);
    expect((await publicImage(names[0]!)).status).toBe(400);
    expect((await images(staff).list(folder)).data).toEqual([]);
  });
});

describe("staff_profiles", () => {
  async function userId(c: SupabaseClient): Promise<string> {
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    return data.user!.id;
  }

  it("every staff account has a profile named after its e-mail; other users have none", async () => {
    // The local stack's staff account (seedAdmin), made after the migrations ran.
    expect(await profileOf(await userId(staff))).toMatchObject({
      display_name: "Staff",
      title: null,
      avatar_url: null,
    });
    // A member of the team: "grace.hopper+tag@..." signs as "Grace Hopper"; a second one whose
    // e-mail gives the same name, whatever its case, as "Grace Hopper 2".
    const tag = randomUUID().slice(0, 8);
    const first = await newMember("editor", `grace.hopper+${tag}@example.com`);
    expect((await profileOf(first.id))?.display_name).toBe("Grace Hopper");
    const second = await newMember("sales", `GRACE.HOPPER+${tag}-b@example.com`);
    expect((await profileOf(second.id))?.display_name).toBe("Grace Hopper 2");
    // A signed-in user who is not staff.
    expect(await profileOf(await userId(user))).toBeNull();

    // Made an Administrator later, by admin:create: the profile comes with the membership,
    // and --name names it.
    const email = uniqueEmail("promoted");
    const plainId = await newAccount(email);
    expect(await profileOf(plainId)).toBeNull();
    await adminCreate({ url: stack.url, secretKey: stack.secretKey, email });
    expect((await profileOf(plainId))?.display_name).toMatch(/^Promoted [0-9a-f]{8}$/i);
    await adminCreate({
      url: stack.url,
      secretKey: stack.secretKey,
      email,
      name: " Ada Byron ",
    });
    expect((await profileOf(plainId))?.display_name).toBe("Ada Byron");
    expect(await membershipOf(plainId)).toMatchObject({
      role: "admin",
      joined_at: expect.any(String),
    });

    // A name from any e-mail passes the profile's checks.
    const { rows } = await stack.db.query<{ name: string }>(
      `select private.display_name_from_email(address) as name
         from unnest(array['o''brien@example.com', '+tag@example.com', '...@example.com',
                           'ADA_LOVELACE@example.com', null]) as address`,
    );
    expect(rows.map((row) => row.name)).toEqual([
      "O'Brien",
      "Staff member",
      "Staff member",
      "Ada Lovelace",
      "Staff member",
    ]);
  });

  it("no probe left a profile behind: staff keep theirs, other users have none", async () => {
    expect(await profileOf(await userId(staff))).toMatchObject({ display_name: "Staff" });
    expect(await profileOf(await userId(user))).toBeNull();
    expect(await profileOf(accountIds["claims-admin"]!)).toBeNull();
  });

  it("staff write their own profile's fields; the key, the dates and deleting stay the database's", async () => {
    const staffId = await userId(staff);
    const other = await colleague();

    const own = await staff
      .from("staff_profiles")
      .update({
        display_name: "Ada Lovelace",
        title: "Head of Growth",
        avatar_url: "/images/a.png",
      })
      .eq("user_id", staffId)
      .select("display_name, title, avatar_url, created_at, updated_at")
      .single();
    expect(own.error).toBeNull();
    expect(own.data).toMatchObject({ display_name: "Ada Lovelace", title: "Head of Growth" });
    expect(new Date(own.data!.updated_at).getTime()).toBeGreaterThan(
      new Date(own.data!.created_at).getTime(),
    );

    // Their own, once it is gone: made again through the API (the profile form does this).
    await service.from("staff_profiles").delete().eq("user_id", staffId);
    const mine = await staff
      .from("staff_profiles")
      .insert({ user_id: staffId, display_name: "Staff" })
      .select("display_name")
      .single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ display_name: "Staff" });

    // Nor the key, the dates or a delete: the database keeps those.
    const moveKey = await staff
      .from("staff_profiles")
      .update({ user_id: other.id })
      .eq("user_id", staffId);
    expect(moveKey.error?.code).toBe("42501");
    const dates = await staff
      .from("staff_profiles")
      .update({ created_at: "2020-01-01T00:00:00Z" })
      .eq("user_id", staffId);
    expect(dates.error?.code).toBe("42501");
    const del = await staff.from("staff_profiles").delete().eq("user_id", staffId);
    expect(del.error?.code).toBe("42501");
    expect(await profileOf(staffId)).toMatchObject({ display_name: "Staff" });
  });

  it("refuses e-mail addresses, other lines and script links in a profile", async () => {
    const staffId = await userId(staff);
    for (const bad of [
      { display_name: "staff@appgrove.test" },
      { display_name: "@staff" },
      { display_name: "" },
      { display_name: " Padded " },
      { display_name: "Two\nlines" },
      { display_name: "x".repeat(101) },
      { title: "" },
      { title: "Head\tof growth" },
      { avatar_url: "javascript:alert(1)" },
      { avatar_url: "data:image/png;base64,AAAA" },
      { avatar_url: "//evil.example/a.png" },
    ]) {
      const res = await staff.from("staff_profiles").update(bad).eq("user_id", staffId);
      expect(res.error?.code, JSON.stringify(bad)).toBe("23514");
      expect(res.status).toBe(400);
    }
    expect(await profileOf(staffId)).toMatchObject({ display_name: "Staff" });
  });
});

describe("bylines", () => {
  it("a post's author can never be an e-mail address", async () => {
    for (const c of [staff, service]) {
      for (const author of [ADMIN_EMAIL, "Staff <staff@appgrove.test>", "admin@localhost"]) {
        const res = await c.from("blog_posts").insert(newPost({ author }));
        expect(res.error?.code, author).toBe("23514");
        expect(res.error?.message).toContain("blog_posts_author_not_email_check");
      }
    }
    const post = await serviceInsert<{ id: string }>(
      "blog_posts",
      newPost({ author: "Staff @ Growth" }),
    );
    const update = await staff.from("blog_posts").update({ author: ADMIN_EMAIL }).eq("id", post.id);
    expect(update.error?.code).toBe("23514");
    expect(await serviceGet("blog_posts", post.id)).toMatchObject({ author: "Staff @ Growth" });
  });

  it("the migration turned e-mail bylines into the staff member's name, or the team's", async () => {
    // Posts stored before the rule, made with the check set aside in a transaction that is
    // rolled back, then the migration's own rewrite.
    const slug = `test-post-${randomUUID().slice(0, 8)}`;
    const authors = [
      ADMIN_EMAIL.toUpperCase(),
      `Staff <${ADMIN_EMAIL}>`,
      "someone.else@example.com",
      "Growth Team",
      "@agency",
      null,
    ];
    // The team's byline of that migration: applied history, not site.name (a rename leaves it).
    const migrationTeamByline = "Appgrove Team";
    const rewritten = await stack.db
      .transaction({}, async (tx) => {
        await tx.exec(
          "alter table public.blog_posts drop constraint blog_posts_author_not_email_check",
        );
        for (const [index, author] of authors.entries()) {
          await tx.query(
            `insert into public.blog_posts (title, slug, language, status, author)
             values ($1, $2, 'en', 'published', $3)`,
            [`Old post ${index}`, `${slug}-${index}`, author],
          );
        }
        const changed = await tx.query<{ changed: number }>(
          "select private.rewrite_email_bylines() as changed",
        );
        const { rows } = await tx.query<{ author: string | null }>(
          `select author from public.blog_posts where slug like $1 order by slug`,
          [`${slug}-%`],
        );
        throw Object.assign(new Error("rollback"), {
          result: { changed: changed.rows[0]!.changed, authors: rows.map((row) => row.author) },
        });
      })
      .catch((error: Error & { result?: unknown }) => {
        if (error.message !== "rollback") throw error;
        return error.result;
      });
    expect(rewritten).toEqual({
      changed: 3,
      authors: ["Staff", "Staff", migrationTeamByline, "Growth Team", "@agency", null],
    });
    // Rolled back: the check is in place again.
    const again = await service.from("blog_posts").insert(newPost({ author: ADMIN_EMAIL }));
    expect(again.error?.code).toBe("23514");
  });
});

describe("send-lead-notification through the stack", () => {
  interface OutboxMail {
    to: string[];
    subject: string;
    html: string;
    replyTo?: string;
    idempotencyKey?: string;
    repeats?: number;
  }

  async function outbox(): Promise<OutboxMail[]> {
    const res = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as OutboxMail[];
  }

  /** What Supabase Cron does on hosted: the function with the secret key and an empty body. */
  async function scheduledRun() {
    const res = await fetch(`${stack.url}/functions/v1/send-lead-notification`, {
      method: "POST",
      headers: { apikey: stack.secretKey, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { decided: number; sent: number; failed: number };
  }

  beforeAll(async () => {
    // Each lead here gets an e-mail of its own, and the leads other tests stored are sent
    // first, so every run below counts only this describe's leads.
    const { error } = await service
      .from("intake_limits")
      .update({ max_count: 100_000 })
      .eq("name", "lead_emails_before_digest");
    expect(error).toBeNull();
    await scheduledRun();
  });

  /** The e-mail the database wrote down for a lead. */
  const emailIdOf = async (email: string) =>
    (await service.from("leads").select("notification_email_id").eq("email", email).single()).data!
      .notification_email_id as string;

  const notifiedAt = async (email: string) =>
    (await service.from("leads").select("notified_at").eq("email", email).single()).data
      ?.notified_at;

  it("e-mails the agency once about a fresh lead, with escaped content", async () => {
    const before = (await outbox()).length;
    const lead = newLead({ name: "<script>alert(1)</script> Ada", source: "homepage" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();

    const body = {
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      company: lead.company,
      message: lead.message,
      source: lead.source,
    };
    const { data, error } = await anon.functions.invoke("send-lead-notification", { body });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });

    // Sent after the answer.
    await expect.poll(() => notifiedAt(lead.email as string)).not.toBeNull();
    const mails = (await outbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([process.env.LEAD_NOTIFICATION_TO]);
    expect(mails[0]!.html).not.toContain("<script>");
    expect(mails[0]!.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ada");

    // The same answer again; nothing more is owed, so nothing more is sent.
    const again = await anon.functions.invoke("send-lead-notification", { body });
    expect(again.error).toBeNull();
    expect(again.data).toEqual({ ok: true });
    expect(await scheduledRun()).toEqual({ decided: 0, sent: 0, failed: 0 });
    expect((await outbox()).length).toBe(before + 1);
  });

  it("answers an unknown lead as any other, and refuses invalid bodies", async () => {
    const before = (await outbox()).length;
    const unknown = await anon.functions.invoke("send-lead-notification", {
      body: { name: "Nobody", email: uniqueEmail("ghost"), source: "contact" },
    });
    expect(unknown.error).toBeNull();
    expect(unknown.data).toEqual({ ok: true });

    const invalid = await anon.functions.invoke("send-lead-notification", {
      body: { source: "contact" },
    });
    expect(invalid.error).toBeInstanceOf(FunctionsHttpError);
    expect((invalid.error as FunctionsHttpError).context.status).toBe(400);

    expect(await scheduledRun()).toEqual({ decided: 0, sent: 0, failed: 0 });
    expect((await outbox()).length).toBe(before);
  });

  it("e-mails a lead whose visitor never called, on the next scheduled run", async () => {
    const before = (await outbox()).length;
    const lead = newLead({ name: "Closed The Tab" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();
    const pending = await service
      .from("leads")
      .select("notification, notification_email_id")
      .eq("email", lead.email as string)
      .single();
    expect(pending.data).toEqual({ notification: "pending", notification_email_id: null });

    expect(await scheduledRun()).toEqual({ decided: 1, sent: 1, failed: 0 });
    const mails = (await outbox()).slice(before);
    expect(mails.map((mail) => mail.replyTo)).toEqual([lead.email]);
    expect(await notifiedAt(lead.email as string)).not.toBeNull();
  });

  it("mails nobody twice after a crash between sending and recording: the retry carries the same key", async () => {
    const lead = newLead({ name: "Crash Between" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();
    expect(await scheduledRun()).toEqual({ decided: 1, sent: 1, failed: 0 });
    const emailId = await emailIdOf(lead.email as string);
    // As the database stands when the function died after Resend accepted the e-mail and
    // before it recorded it: unsent, its lease run out.
    const unrecorded = await service
      .from("lead_emails")
      .update({ sent_at: null, leased_until: null, next_attempt_at: new Date(0).toISOString() })
      .eq("id", emailId);
    expect(unrecorded.error).toBeNull();
    expect(
      (
        await service
          .from("leads")
          .update({ notified_at: null })
          .eq("email", lead.email as string)
      ).error,
    ).toBeNull();

    expect(await scheduledRun()).toEqual({ decided: 0, sent: 1, failed: 0 });
    const mails = (await outbox()).filter((mail) => mail.replyTo === lead.email);
    expect(mails).toEqual([
      expect.objectContaining({ idempotencyKey: `lead-email/${emailId}`, repeats: 1 }),
    ]);
    expect(await notifiedAt(lead.email as string)).not.toBeNull();
  });

  it("staff read a sent lead's delivery state; the sending functions stay the service role's", async () => {
    const lead = newLead({ name: "Delivery State" });
    expect((await anon.from("leads").insert(lead)).error).toBeNull();
    await scheduledRun();
    const emailId = await emailIdOf(lead.email as string);

    const staffRead = await staff.from("lead_emails").select("id, kind, sent_at").eq("id", emailId);
    expect(staffRead.error).toBeNull();
    expect(staffRead.data).toEqual([{ id: emailId, kind: "lead", sent_at: expect.any(String) }]);
    for (const caller of [anon, user, staff]) {
      const { error } = await caller.rpc("record_lead_email", { email_id: emailId });
      expect(error?.code).toBe("42501");
    }
    expect((await service.from("lead_emails").select("sent_at").eq("id", emailId)).data).toEqual([
      { sent_at: expect.any(String) },
    ]);
  });
});
