// The access matrix: every table (and the post-images bucket, and the functions clients call),
// driven through supabase-js against the local stack by each kind of caller (visitor,
// signed-in non-staff user, each staff role, service role) for each operation. The database
// (grants + row-level security in supabase/migrations) is the security boundary, so this is
// where it is proven.
//
// `matrix` and `functionMatrix` below are the whole answer: one `it` per caller and cell is
// generated from them. A signed-in user whose app_metadata.role is no staff role ("owner") is
// tested on every cell too and must get exactly what a non-staff user gets. What the database
// does beyond who may do what (checks, triggers, seeds, notifications) follows the matrix.

import { randomUUID } from "node:crypto";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchAsNewVisitors } from "./leads.ts";
import { adminCreate } from "../../scripts/admin-create.ts";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import { Constants, type Enums } from "../../shared/database.types.ts";
import { jwtClaims, startTestStack } from "../local/__tests__/helpers.ts";
import {
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
} from "../local/src/config.ts";
import { visitorLead, type LeadRow } from "./leads.ts";

const ADMIN_EMAIL = "staff@appgrove.test";
const ADMIN_PASSWORD = "staff-password-for-tests";
const NOTIFY_TO = "leads@appgrove.test";

type StaffRole = Enums<"staff_role">;
type Permission = Enums<"staff_permission">;

/** The matrix's columns: a visitor, a signed-in user who is not staff, each staff role, the service role. */
type Caller = "anon" | "user" | StaffRole | "service";
/** Who runs each cell: the columns, and a user whose app_metadata.role is unknown ("owner"). */
type Tester = Caller | "owner";

const STAFF_ROLES: readonly StaffRole[] = Constants.public.Enums.staff_role;
const PERMISSIONS: readonly Permission[] = Constants.public.Enums.staff_permission;
const TESTERS: readonly Tester[] = ["anon", "user", "owner", ...STAFF_ROLES, "service"];

/** What each staff role grants: public.staff_role_permissions as the migrations fill it. */
const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  admin: ["read_leads", "manage_posts", "manage_subscribers", "manage_staff"],
};

/**
 * What a caller gets from one operation:
 * - allowed: it happens (a read sees the row it looks for; a write changes it);
 * - none: accepted, but nothing is seen or changed (row security hides every row);
 * - denied: refused (PostgREST's 42501, HTTP 401 for a visitor and 403 for anyone else;
 *   Storage's "403"), and nothing changed;
 * - published: (posts) only published posts whose time has come are seen.
 */
type Access = "allowed" | "none" | "denied" | "published";
type Cell = Record<Caller, Access>;

const SERVICE_ONLY = {
  anon: "denied",
  user: "denied",
  admin: "denied",
  service: "allowed",
} as const;
const STAFF_AND_SERVICE = {
  anon: "denied",
  user: "none",
  admin: "allowed",
  service: "allowed",
} as const;

const matrix = {
  leads: {
    select: STAFF_AND_SERVICE,
    "insert a visitor's lead": {
      anon: "allowed",
      user: "allowed",
      admin: "allowed",
      service: "allowed",
    },
    "insert with id, status or created_at": SERVICE_ONLY,
    "update status": STAFF_AND_SERVICE,
    "update what the visitor sent": {
      anon: "denied",
      user: "denied",
      admin: "denied",
      service: "denied",
    },
    delete: SERVICE_ONLY,
  },
  lead_status_changes: {
    select: STAFF_AND_SERVICE,
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  lead_notes: {
    select: STAFF_AND_SERVICE,
    insert: { anon: "denied", user: "denied", admin: "allowed", service: "allowed" },
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  lead_emails: {
    select: STAFF_AND_SERVICE,
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  blog_posts: {
    select: { anon: "published", user: "published", admin: "allowed", service: "allowed" },
    insert: { anon: "denied", user: "denied", admin: "allowed", service: "allowed" },
    update: STAFF_AND_SERVICE,
    delete: STAFF_AND_SERVICE,
  },
  blog_categories: {
    select: { anon: "allowed", user: "allowed", admin: "allowed", service: "allowed" },
  },
  site_builds: {
    select: STAFF_AND_SERVICE,
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  site_changes: {
    select: STAFF_AND_SERVICE,
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  newsletter_subscribers: {
    select: STAFF_AND_SERVICE,
    insert: SERVICE_ONLY,
    update: SERVICE_ONLY,
    delete: SERVICE_ONLY,
  },
  staff_profiles: {
    "select every profile": STAFF_AND_SERVICE,
    // The service role has no account of its own: its "own" is a colleague's.
    "insert their own": { anon: "denied", user: "denied", admin: "allowed", service: "allowed" },
    "insert a colleague's": SERVICE_ONLY,
    "update their own": STAFF_AND_SERVICE,
    "update a colleague's": { anon: "denied", user: "none", admin: "none", service: "allowed" },
    delete: SERVICE_ONLY,
  },
  staff_role_permissions: {
    select: SERVICE_ONLY,
    insert: { anon: "denied", user: "denied", admin: "denied", service: "denied" },
    update: { anon: "denied", user: "denied", admin: "denied", service: "denied" },
    delete: { anon: "denied", user: "denied", admin: "denied", service: "denied" },
  },
  intake_limits: {
    select: SERVICE_ONLY,
    update: SERVICE_ONLY,
  },
  "storage: post-images objects": {
    "select (list)": { anon: "none", user: "none", admin: "allowed", service: "allowed" },
    "insert (upload)": { anon: "denied", user: "denied", admin: "allowed", service: "allowed" },
    "update (upsert, update)": {
      anon: "denied",
      user: "denied",
      admin: "allowed",
      service: "allowed",
    },
    "delete (remove)": { anon: "none", user: "none", admin: "allowed", service: "allowed" },
  },
  "storage: the post-images bucket": {
    "select (getBucket, listBuckets)": {
      anon: "none",
      user: "none",
      admin: "allowed",
      service: "allowed",
    },
  },
} as const satisfies Record<string, Record<string, Cell>>;

/**
 * A function's answer: refused (as `denied` above), accepted (`answers`: a function returning
 * nothing), or what it returns (asymmetric matchers allowed).
 */
type Answer = "denied" | "answers" | { returns: unknown };
const returns = (value: unknown): Answer => ({ returns: value });
const EACH_STAFF_ROLE = <T>(answer: (role: StaffRole) => T) =>
  Object.fromEntries(STAFF_ROLES.map((role) => [role, answer(role)])) as Record<StaffRole, T>;

interface FunctionCell {
  name: string;
  args: () => Record<string, unknown>;
  answers: Record<Caller, Answer>;
}

const NOT_STAFF = { anon: returns(false), user: returns(false), service: returns(false) };
const SERVICE_ONLY_CALL = {
  anon: "denied",
  user: "denied",
  ...EACH_STAFF_ROLE((): Answer => "denied"),
} as const;

const functionMatrix: Record<string, FunctionCell> = {
  ...Object.fromEntries(
    PERMISSIONS.map((permission) => [
      `has_permission('${permission}')`,
      {
        name: "has_permission",
        args: () => ({ permission }),
        answers: {
          ...NOT_STAFF,
          ...EACH_STAFF_ROLE((role) => returns(ROLE_PERMISSIONS[role].includes(permission))),
        },
      },
    ]),
  ),
  "staff_role()": {
    name: "staff_role",
    args: () => ({}),
    answers: {
      anon: returns(null),
      user: returns(null),
      ...EACH_STAFF_ROLE((role) => returns(role)),
      service: returns(null),
    },
  },
  "my_staff_access()": {
    name: "my_staff_access",
    args: () => ({}),
    answers: {
      anon: returns([]),
      user: returns([]),
      ...EACH_STAFF_ROLE((role) => returns([{ role, permissions: ROLE_PERMISSIONS[role] }])),
      service: returns([]),
    },
  },
  "lead_notification_health()": {
    name: "lead_notification_health",
    args: () => ({}),
    answers: {
      anon: "denied",
      user: returns([
        { waiting: 0, oldest_waiting_since: null, last_error: null, last_failed_at: null },
      ]),
      ...EACH_STAFF_ROLE(() =>
        returns([expect.objectContaining({ waiting: expect.any(Number), last_error: null })]),
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
};

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
/** A second staff member, whose profile the probes reach for. */
let colleagueId = "";

const PUBLISHED_PER_LANGUAGE = 7;
const HIDDEN_SLUGS = {
  en: ["draft-privacy-manifests-checklist", "what-is-next-for-ios-attribution"],
  fr: ["brouillon-manifeste-confidentialite-ios", "perspectives-attribution-ios"],
};

// Each request another visitor: the per-address limits have their own suite (hardening/intake).
const client = (key: string): SupabaseClient =>
  createNodeClient(stack.url, key, { fetch: fetchAsNewVisitors });

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
  id: string,
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

/** A second staff member, made through the Auth admin API as admin:create does. */
async function colleague(): Promise<{ id: string; email: string }> {
  const email = `jean.dupont+${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await service.auth.admin.createUser({
    email,
    password: "colleague-password-for-tests",
    email_confirm: true,
    app_metadata: { role: "admin" },
  });
  expect(error).toBeNull();
  return { id: data.user!.id, email };
}

/** A signed-in account made with the service role's admin API. */
async function account(attributes: Record<string, unknown>): Promise<SupabaseClient> {
  const email = uniqueEmail("account");
  const password = "account-password-for-tests";
  const { error } = await service.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    ...attributes,
  });
  expect(error).toBeNull();
  return signedIn(email, password);
}

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

  // A user given a role the database does not know, through the admin API (app_metadata, which
  // only the service role writes): no access anywhere, and no error either.
  const owner = await account({});
  const ownerId = (await owner.auth.getUser()).data.user!.id;
  const promoted = await service.auth.admin.updateUserById(ownerId, {
    app_metadata: { role: "owner" },
  });
  expect(promoted.error).toBeNull();
  const ownerSession = await owner.auth.refreshSession();
  expect(ownerSession.error).toBeNull();
  expect(jwtClaims(ownerSession.data.session!.access_token)).toMatchObject({
    app_metadata: { role: "owner" },
  });

  const staffClients = {} as Record<StaffRole, SupabaseClient>;
  for (const role of STAFF_ROLES) {
    staffClients[role] =
      role === "admin"
        ? await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD)
        : await account({ app_metadata: { role } });
  }
  staff = staffClients.admin;

  Object.assign(clients, { anon, user, owner, ...staffClients, service });
  for (const tester of TESTERS) {
    accountIds[tester] =
      tester === "anon" || tester === "service"
        ? null
        : (await clients[tester].auth.getUser()).data.user!.id;
  }
  colleagueId = (await colleague()).id;
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

/** Whose profile "their own" is: the tester's; a visitor tries the staff account's. */
const ownProfileId = (as: Tester) =>
  accountIds[as] ?? (as === "service" ? colleagueId : accountIds.admin!);

/** ROLE_PERMISSIONS as rows of public.staff_role_permissions, "role:permission". */
const ROLE_PERMISSION_ROWS = STAFF_ROLES.flatMap((role) =>
  ROLE_PERMISSIONS[role].map((permission) => `${role}:${permission}`),
).sort();

/** The lead the notes probes write on (made by the service role before the matrix runs). */
let leadIdForNotes = "";
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

  staff_profiles: {
    "select every profile": async (c, as) => {
      const answer = await c.from("staff_profiles").select("user_id, display_name");
      return readAccess(answer, as, (rows) => {
        const ids = rows.map((row) => row.user_id);
        return ids.includes(colleagueId) && ids.includes(accountIds.admin);
      });
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

  intake_limits: {
    select: async (c, as) => {
      const answer = await c.from("intake_limits").select("name, max_count");
      return readAccess(answer, as, (rows) => rows.length === 4);
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

/** A tester's cell: the unknown role gets what a non-staff user gets. */
const expectedOf = <T>(cell: Record<Caller, T>, as: Tester): T =>
  as === "owner" ? cell.user : cell[as];

describe("the access matrix", () => {
  beforeAll(async () => {
    leadIdForNotes = (await serviceInsert<{ id: string }>("leads", newLead())).id;
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
          const shown = typeof expected === "string" ? expected : "answers";
          it(`${as}: ${shown}`, async () => {
            const answer = await clients[as].rpc(call.name, call.args());
            if (expected === "denied") {
              expect(answer.error, "refused").not.toBeNull();
              expect(refused(answer, as) ? "denied" : unexpected(answer)).toBe("denied");
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

  it("staff_role() reads app_metadata.role only, and an unknown or malformed value is no role", async () => {
    const claims: [Record<string, unknown>, string | null][] = [
      ...STAFF_ROLES.map((role): [Record<string, unknown>, string] => [
        { role: "authenticated", app_metadata: { role } },
        role,
      ]),
      [{ role: "authenticated", app_metadata: { role: "owner" } }, null],
      [{ role: "authenticated", app_metadata: { role: "Admin" } }, null],
      [{ role: "authenticated", app_metadata: { role: ["admin"] } }, null],
      [{ role: "authenticated", app_metadata: { role: { name: "admin" } } }, null],
      [{ role: "authenticated", app_metadata: { role: 1 } }, null],
      [{ role: "authenticated", app_metadata: "admin" }, null],
      [{ role: "authenticated", user_metadata: { role: "admin" } }, null],
      [{ role: "admin" }, null],
      [{}, null],
    ];
    for (const [jwt, role] of claims) {
      const { rows } = await stack.db.transaction(
        { role: "authenticated", settings: { "request.jwt.claims": JSON.stringify(jwt) } },
        (tx) =>
          tx.query<{ role: string | null; granted: boolean[] }>(
            `select public.staff_role()::text as role,
                    array(select public.has_permission(p)
                            from unnest(enum_range(null::public.staff_permission)) p) as granted`,
          ),
      );
      expect(rows[0], JSON.stringify(jwt)).toEqual({
        role,
        granted: PERMISSIONS.map((permission) =>
          role ? ROLE_PERMISSIONS[role as StaffRole].includes(permission) : false,
        ),
      });
    }
  });

  it("an account with an unknown role has no staff profile either", async () => {
    expect(await profileOf(accountIds.owner!)).toBeNull();
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
    // Created with the role: "jean.dupont+tag@..." signs as "Jean Dupont".
    const created = await colleague();
    expect((await profileOf(created.id))?.display_name).toBe("Jean Dupont");
    // A signed-in user who is not staff.
    expect(await profileOf(await userId(user))).toBeNull();

    // Promoted later, by admin:create: the profile comes with the role, and --name names it.
    const email = uniqueEmail("promoted");
    const plain = await service.auth.admin.createUser({
      email,
      password: "promoted-password-for-tests",
      email_confirm: true,
    });
    expect(plain.error).toBeNull();
    expect(await profileOf(plain.data.user!.id)).toBeNull();
    await adminCreate({ url: stack.url, secretKey: stack.secretKey, email });
    expect((await profileOf(plain.data.user!.id))?.display_name).toMatch(/^Promoted [0-9a-f]{8}$/i);
    await adminCreate({
      url: stack.url,
      secretKey: stack.secretKey,
      email,
      name: " Grace Hopper ",
    });
    expect((await profileOf(plain.data.user!.id))?.display_name).toBe("Grace Hopper");

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
    expect(await profileOf(accountIds.owner!)).toBeNull();
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
