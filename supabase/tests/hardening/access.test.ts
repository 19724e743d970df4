// Access under attack: forged JWTs, the public anon key and a signed-in user who is not staff
// trying every staff operation (also with a token whose claims say admin: membership is
// public.staff_members, never the token's metadata), refresh-token reuse and sign-in flooding.
// Every attempt must be refused with the status hosted Supabase gives; each is counted as one
// decision.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures, type Figure } from "../../../scripts/hardening/figures.ts";
import { client, jwtClaims, unsignedJwt, type TestStack } from "../../local/__tests__/helpers.ts";
import { signJwt } from "../../local/src/jwt.ts";
import { visitorLead } from "../leads.ts";
import { BACKEND, runMarker, startProjectStack } from "./support.ts";

const STAFF = { email: "staff@appgrove.test", password: "staff-password-for-access-tests" };
const MEMBER_PASSWORD = "member-password-for-access-tests";
const WRONG_SECRET = "not-the-project-secret-but-at-least-32-characters";

interface Decision {
  group: string;
  label: string;
  expected: string;
  actual: string;
  right: boolean;
}

let stack: TestStack;
let anon: SupabaseClient;
let service: SupabaseClient;
let member: SupabaseClient;
let memberEmail = "";
let staffToken = "";
let memberToken = "";
let leadId = "";
let postId = "";
let staffId = "";
const marker = runMarker("access");

const decisions: Decision[] = [];
const figures: Figure[] = [];

/** Records one decision: the answer matches what hosted Supabase gives and nothing leaked. */
function decide(
  group: string,
  label: string,
  expected: string,
  actual: string,
  extraOk = true,
): boolean {
  const right = expected === actual && extraOk;
  decisions.push({
    group,
    label,
    expected,
    actual: extraOk ? actual : `${actual} (leaked)`,
    right,
  });
  return right;
}

const restAnswer = (r: { status: number; error: { code?: string } | null }) =>
  `${r.status}${r.error?.code ? ` ${r.error.code}` : ""}`;

function withToken(token: string, apikey = stack.anonKey): SupabaseClient {
  return client(stack.url, apikey, { headers: { Authorization: `Bearer ${token}` } });
}

async function signIn(email: string, password: string) {
  const c = client(stack.url, stack.anonKey);
  const { data, error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client: c, session: data.session! };
}

async function leadStatus(): Promise<string> {
  const { data } = await service.from("leads").select("status").eq("id", leadId).single();
  return data!.status;
}

async function staffName(): Promise<string | null> {
  const { data } = await service
    .from("staff_profiles")
    .select("display_name")
    .eq("user_id", staffId)
    .maybeSingle();
  return data?.display_name ?? null;
}

async function postTitle(): Promise<string | null> {
  const { data } = await service.from("blog_posts").select("title").eq("id", postId).maybeSingle();
  return data?.title ?? null;
}

beforeAll(async () => {
  stack = await startProjectStack({ seedFile: null, seedAdmin: STAFF });
  anon = stack.anon;
  service = stack.service;

  memberEmail = `${marker}-member@example.com`;
  // A user who is not staff but claims to be, where users can write (user_metadata).
  const created = await service.auth.admin.createUser({
    email: memberEmail,
    password: MEMBER_PASSWORD,
    email_confirm: true,
    user_metadata: { role: "admin" },
  });
  expect(created.error).toBeNull();
  ({
    client: member,
    session: { access_token: memberToken },
  } = await signIn(memberEmail, MEMBER_PASSWORD));
  const staffSession = (await signIn(STAFF.email, STAFF.password)).session;
  staffToken = staffSession.access_token;
  staffId = staffSession.user.id;
  // The local stack's staff account is a joined Administrator of the team.
  const membership = await service
    .from("staff_members")
    .select("role, joined_at")
    .eq("user_id", staffId)
    .single();
  expect(membership.data).toEqual({ role: "admin", joined_at: expect.any(String) });

  const lead = await service
    .from("leads")
    .insert(visitorLead(`${marker}-lead@example.com`))
    .select("id")
    .single();
  leadId = lead.data!.id;
  const post = await service
    .from("blog_posts")
    .insert({ title: "Draft", slug: `${marker}-draft`, status: "draft", language: "en" })
    .select("id")
    .single();
  postId = post.data!.id;
});

afterAll(async () => {
  const wrong = decisions.filter((d) => !d.right);
  const groups = [...new Set(decisions.map((d) => d.group))];
  for (const group of groups) {
    const mine = decisions.filter((d) => d.group === group);
    const bad = mine.filter((d) => !d.right);
    figures.push({
      area: "access",
      check: group,
      backend: BACKEND,
      value: `${mine.length} decisions, ${mine.length - bad.length} as expected${bad.length ? `; WRONG: ${bad.map((d) => `${d.label} (want ${d.expected}, got ${d.actual})`).join("; ")}` : ""}`,
      ok: bad.length === 0,
    });
  }
  figures.push({
    area: "access",
    check: "all decisions / wrong decisions",
    backend: BACKEND,
    value: `${decisions.length} / ${wrong.length}`,
    ok: decisions.length > 0 && wrong.length === 0,
  });
  recordFigures("access", BACKEND, figures);
  await stack?.close();
});

/** Every staff operation, as a caller that must not be able to do it. */
async function staffOperations(
  group: string,
  c: SupabaseClient,
  /** filtered: what row security answers when it hides rows (401 when there is no grant). */
  expected: Record<"filtered" | "writeDenied" | "deletePost", string>,
) {
  const draftsExist = await service
    .from("blog_posts")
    .select("id", { count: "exact", head: true })
    .eq("status", "draft");
  expect(draftsExist.count).toBeGreaterThan(0);

  const readLeads = await c.from("leads").select("*");
  decide(group, "read leads", expected.filtered, restAnswer(readLeads), !readLeads.data?.length);

  const setStatus = await c
    .from("leads")
    .update({ status: "qualified" })
    .eq("id", leadId)
    .select("id");
  decide(
    group,
    "update a lead's status",
    expected.filtered,
    restAnswer(setStatus),
    !setStatus.data?.length && (await leadStatus()) === "new",
  );

  const deleteLead = await c.from("leads").delete().eq("id", leadId);
  decide(
    group,
    "delete a lead",
    expected.writeDenied,
    restAnswer(deleteLead),
    (await leadStatus()) === "new",
  );

  const drafts = await c.from("blog_posts").select("id, status").eq("status", "draft");
  decide(group, "read drafts", "200", restAnswer(drafts), drafts.data?.length === 0);

  const oneDraft = await c.from("blog_posts").select("id").eq("id", postId);
  decide(group, "read a draft by id", "200", restAnswer(oneDraft), oneDraft.data?.length === 0);

  const create = await c.from("blog_posts").insert({
    title: "Hacked",
    slug: `${marker}-${randomUUID().slice(0, 6)}`,
    status: "published",
  });
  decide(group, "create a post", expected.writeDenied, restAnswer(create));

  const update = await c.from("blog_posts").update({ title: "Hacked" }).eq("id", postId).select();
  decide(
    group,
    "update a post",
    expected.filtered,
    restAnswer(update),
    !update.data?.length && (await postTitle()) === "Draft",
  );

  const del = await c.from("blog_posts").delete().eq("id", postId);
  decide(
    group,
    "delete a post",
    expected.deletePost,
    restAnswer(del),
    (await postTitle()) === "Draft",
  );

  const profiles = await c.from("staff_profiles").select("*");
  decide(
    group,
    "read staff profiles",
    expected.filtered,
    restAnswer(profiles),
    !profiles.data?.length,
  );

  const rename = await c
    .from("staff_profiles")
    .update({ display_name: "Hacked" })
    .eq("user_id", staffId)
    .select();
  decide(
    group,
    "rename a staff member (their byline)",
    expected.filtered,
    restAnswer(rename),
    !rename.data?.length && (await staffName()) === "Staff",
  );

  const profile = await c.from("staff_profiles").insert({ user_id: staffId, display_name: "X" });
  decide(group, "create a staff profile", expected.writeDenied, restAnswer(profile));

  const signUps = await c.from("newsletter_subscribers").select("*");
  decide(
    group,
    "read newsletter sign-ups",
    expected.filtered,
    restAnswer(signUps),
    !signUps.data?.length,
  );

  const users = await c.auth.admin.listUsers();
  decide(group, "list users (auth admin API)", "403", String(users.error?.status ?? 200));

  const outbox = await fetch(`${stack.url}/__local/outbox`, {
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${group.startsWith("anon") ? stack.anonKey : memberToken}`,
    },
  });
  decide(group, "read the mail outbox", "401", String(outbox.status));
}

describe(`staff operations by callers who are not staff (${BACKEND})`, () => {
  it("the anon key is refused every staff operation", async () => {
    await staffOperations("anon key: every staff operation", anon, {
      filtered: "401 42501",
      writeDenied: "401 42501",
      deletePost: "401 42501",
    });
    expect(decisions.filter((d) => !d.right)).toEqual([]);
  });

  it("a signed-in user who is not staff (user_metadata.role = admin) is refused too", async () => {
    await staffOperations("signed-in non-staff user: every staff operation", member, {
      filtered: "200",
      writeDenied: "403 42501",
      deletePost: "204",
    });
    const group = "signed-in non-staff user: every staff operation";
    const fields = await member.from("leads").update({ name: "Changed" }).eq("id", leadId);
    decide(group, "change a lead's other fields", "403 42501", restAnswer(fields));

    // Writing user_metadata is allowed, and grants nothing, even in a fresh token: neither a
    // role nor a list of permissions there is read (membership is public.staff_members).
    const promote = await member.auth.updateUser({
      data: {
        role: "admin",
        permissions: ["read_leads", "manage_posts", "manage_subscribers", "manage_staff"],
      },
    });
    expect(promote.error).toBeNull();
    const refreshed = await member.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(jwtClaims(refreshed.data.session!.access_token)).toMatchObject({
      user_metadata: { role: "admin" },
    });
    const after = await member.from("leads").select("id");
    decide(
      group,
      "read leads after setting user_metadata.role",
      "200",
      restAnswer(after),
      after.data?.length === 0,
    );
    const post = await member.from("blog_posts").insert({ title: "x", slug: `${marker}-meta` });
    decide(group, "create a post after setting user_metadata.role", "403 42501", restAnswer(post));
    expect(decisions.filter((d) => !d.right)).toEqual([]);
  });
});

describe(`tokens whose claims say admin, without membership (${BACKEND})`, () => {
  it("app_metadata.role = admin, set through Auth's admin API, grants nothing in a fresh token", async () => {
    const group = "app_metadata.role = admin, no membership: every staff operation";
    const email = `${marker}-claims-admin@example.com`;
    const created = await service.auth.admin.createUser({
      email,
      password: MEMBER_PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    // As staff were made before public.staff_members: only the service role writes this.
    const promoted = await service.auth.admin.updateUserById(created.data.user!.id, {
      app_metadata: { role: "admin" },
    });
    expect(promoted.error).toBeNull();
    const { client: claimsAdmin, session } = await signIn(email, MEMBER_PASSWORD);
    expect(jwtClaims(session.access_token)).toMatchObject({ app_metadata: { role: "admin" } });
    await staffOperations(group, claimsAdmin, {
      filtered: "200",
      writeDenied: "403 42501",
      deletePost: "204",
    });
    const access = await claimsAdmin.rpc("my_staff_access");
    decide(group, "my_staff_access()", "200 []", `${access.status} ${JSON.stringify(access.data)}`);
    const team = await claimsAdmin.rpc("staff_team");
    decide(group, "staff_team()", "200 []", `${team.status} ${JSON.stringify(team.data)}`);
    const promote = await claimsAdmin.rpc("change_staff_role", {
      member: created.data.user!.id,
      new_role: "admin",
    });
    decide(group, "change_staff_role() on themselves", "403 42501", restAnswer(promote));
    const join = await claimsAdmin.from("staff_members").insert({
      user_id: created.data.user!.id,
      role: "admin",
      joined_at: new Date().toISOString(),
    });
    decide(group, "insert their own membership", "403 42501", restAnswer(join));
    expect(decisions.filter((d) => !d.right)).toEqual([]);
  });

  it("a token signed with the project's secret claiming admin grants nothing without membership or a live session", async () => {
    const group = "validly signed claims of admin";
    const memberClaims = jwtClaims(memberToken);
    const staffClaims = jwtClaims(staffToken);
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: Record<string, unknown>) =>
      signJwt({ ...claims, iat: now, exp: now + 600 }, stack.jwtSecret);
    // A session that has ended: signed in, then signed out.
    const ended = await signIn(STAFF.email, STAFF.password);
    expect((await ended.client.auth.signOut({ scope: "local" })).error).toBeNull();
    const cases: [string, string][] = [
      [
        "a non-member's claims with app_metadata.role = admin and aal2",
        signed({ ...memberClaims, app_metadata: { role: "admin" }, aal: "aal2" }),
      ],
      [
        "a non-member's claims naming the Administrator's session",
        signed({
          ...memberClaims,
          app_metadata: { role: "admin" },
          session_id: staffClaims.session_id,
        }),
      ],
      [
        "the Administrator's claims with a session that has ended",
        signed({ ...staffClaims, session_id: jwtClaims(ended.session.access_token).session_id }),
      ],
      [
        "the Administrator's claims naming another account's live session",
        signed({ ...staffClaims, session_id: memberClaims.session_id }),
      ],
      [
        "the Administrator's claims with no session_id",
        signed(
          Object.fromEntries(Object.entries(staffClaims).filter(([key]) => key !== "session_id")),
        ),
      ],
    ];
    for (const [label, token] of cases) {
      const c = withToken(token);
      const read = await c.from("leads").select("id");
      decide(group, `${label}: read leads`, "200", restAnswer(read), read.data?.length === 0);
      const write = await c
        .from("blog_posts")
        .insert({ title: "Claimed", slug: `${marker}-${randomUUID().slice(0, 6)}` });
      decide(group, `${label}: create a post`, "403 42501", restAnswer(write));
      const access = await c.rpc("my_staff_access");
      decide(
        group,
        `${label}: my_staff_access()`,
        "200 []",
        `${access.status} ${JSON.stringify(access.data)}`,
      );
    }
    // The Administrator's own live token, for contrast: the same requests succeed.
    const live = withToken(staffToken);
    const read = await live.from("leads").select("id").eq("id", leadId);
    decide(
      group,
      "the Administrator's live token: read leads",
      "200",
      restAnswer(read),
      read.data?.length === 1,
    );
    expect(decisions.filter((d) => !d.right)).toEqual([]);
  });
});

describe(`forged and stale tokens (${BACKEND})`, () => {
  it("refuses forged JWTs on the REST, auth, functions and outbox endpoints", async () => {
    const group = "forged JWTs";
    const staffClaims = jwtClaims(staffToken);
    const memberClaims = jwtClaims(memberToken);
    const now = Math.floor(Date.now() / 1000);
    const forged: [string, string, string][] = [
      [
        "staff claims signed with a wrong secret",
        signJwt(staffClaims, WRONG_SECRET),
        "401 PGRST301",
      ],
      [
        "alg none claiming service_role",
        unsignedJwt({ ...staffClaims, role: "service_role" }),
        "401 PGRST301",
      ],
      ["alg none with staff claims", unsignedJwt(staffClaims), "401 PGRST301"],
      [
        "expired staff token (right secret)",
        signJwt({ ...staffClaims, iat: now - 7200, exp: now - 60 }, stack.jwtSecret),
        "401 PGRST303",
      ],
      [
        "service_role claim signed with a wrong key",
        signJwt({ iss: "supabase-demo", role: "service_role", exp: now + 3600 }, WRONG_SECRET),
        "401 PGRST301",
      ],
      [
        "a user's token with app_metadata.role edited to admin",
        [
          memberToken.split(".")[0],
          Buffer.from(
            JSON.stringify({
              ...memberClaims,
              app_metadata: { ...(memberClaims.app_metadata as object), role: "admin" },
            }),
          ).toString("base64url"),
          memberToken.split(".")[2],
        ].join("."),
        "401 PGRST301",
      ],
      [
        "a role the API does not serve (postgres), right secret",
        signJwt({ role: "postgres", exp: now + 3600 }, stack.jwtSecret),
        "401 PGRST301",
      ],
    ];
    for (const [label, token, expected] of forged) {
      const c = withToken(token);
      const read = await c.from("leads").select("id");
      decide(group, `${label}: read leads`, expected, restAnswer(read), !read.data?.length);
      const write = await c
        .from("blog_posts")
        .insert({ title: "Forged", slug: `${marker}-forged` });
      decide(group, `${label}: create a post`, expected, restAnswer(write));
      const user = await anon.auth.getUser(token);
      decide(group, `${label}: /auth/v1/user`, "403", String(user.error?.status ?? 200));
    }

    const wrongServiceKey = signJwt(
      { iss: "supabase-demo", role: "service_role", exp: now + 3600 },
      WRONG_SECRET,
    );
    const asForgedService = client(stack.url, wrongServiceKey);
    const read = await asForgedService.from("leads").select("id");
    decide(
      group,
      "forged service_role key as apikey: read leads",
      "401 PGRST301",
      restAnswer(read),
    );
    const users = await asForgedService.auth.admin.listUsers();
    decide(
      group,
      "forged service_role key: auth admin API",
      "401",
      String(users.error?.status ?? 200),
    );
    const fn = await asForgedService.functions.invoke("send-lead-notification", { body: {} });
    decide(
      group,
      "forged service_role key: functions",
      "401",
      String((fn.error as { context?: Response } | null)?.context?.status ?? 200),
    );
    const outbox = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: wrongServiceKey, Authorization: `Bearer ${wrongServiceKey}` },
    });
    decide(group, "forged service_role key: outbox", "401", String(outbox.status));
    expect(decisions.filter((d) => !d.right)).toEqual([]);
  });

  it("ends the session when a rotated refresh token is used again", async () => {
    const group = "refresh-token reuse";
    const { client: c, session } = await signIn(STAFF.email, STAFF.password);
    const rotated = await c.auth.refreshSession();
    expect(rotated.error).toBeNull();
    const newest = rotated.data.session!;

    const thief = client(stack.url, stack.anonKey);
    const reuse = await thief.auth.refreshSession({ refresh_token: session.refresh_token });
    decide(
      group,
      "reuse of a rotated token",
      "400 refresh_token_already_used",
      `${reuse.error?.status} ${reuse.error?.code}`,
      !reuse.data.session,
    );
    const after = await thief.auth.refreshSession({ refresh_token: newest.refresh_token });
    decide(
      group,
      "the session's newest token after the reuse",
      "400 refresh_token_not_found",
      `${after.error?.status} ${after.error?.code}`,
      !after.data.session,
    );
    const user = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${newest.access_token}` },
    });
    decide(group, "the ended session's access token on /auth/v1/user", "403", String(user.status));
    const made = await thief.auth.refreshSession({ refresh_token: "made-up-token" });
    decide(
      group,
      "a made-up refresh token",
      "400 refresh_token_not_found",
      `${made.error?.status} ${made.error?.code}`,
    );
    expect(decisions.filter((d) => !d.right)).toEqual([]);
  });
});

// Last: a flood blocks its client addresses for the rest of the window.
describe(`sign-in flooding (${BACKEND})`, () => {
  // Some 40 bcrypt comparisons: well over the default 30 s on a loaded 2-core machine.
  it(
    "answers 429 over_request_rate_limit past 30 attempts per address, and never locks an account",
    { timeout: 120_000 },
    async () => {
      const group = "sign-in flooding";
      const limit = 30; // [auth.rate_limit] sign_in_sign_ups in supabase/config.toml
      // Each address stands for one client; the stack trusts X-Forwarded-For from its own machine.
      const from = (address: string) =>
        client(stack.url, stack.anonKey, { headers: { "X-Forwarded-For": address } });
      const attempt = async (c: SupabaseClient, email: string, password: string) => {
        const { error } = await c.auth.signInWithPassword({ email, password });
        return error ? `${error.status} ${error.code}` : "200";
      };
      const tally = (answers: string[]) =>
        [...new Set(answers)]
          .sort()
          .map((answer) => `${answer} x${answers.filter((other) => other === answer).length}`)
          .join(", ");

      const flooder = from("198.51.100.1");
      const burst = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(flooder, STAFF.email, `wrong-${i}`)),
      );
      decide(
        group,
        "40 concurrent wrong passwords for the staff e-mail from one address",
        `400 invalid_credentials x${limit}, 429 over_request_rate_limit x${40 - limit}`,
        tally(burst),
      );
      decide(
        group,
        "the right password from the flooding address",
        "429 over_request_rate_limit",
        await attempt(flooder, STAFF.email, STAFF.password),
      );
      decide(
        group,
        "another e-mail from the flooding address (keyed per address)",
        "429 over_request_rate_limit",
        await attempt(flooder, memberEmail, MEMBER_PASSWORD),
      );
      decide(
        group,
        "the right password from another address (no lockout of the account)",
        "200",
        await attempt(from("198.51.100.2"), STAFF.email, STAFF.password),
      );

      const guesser = from("198.51.100.3");
      const spread: string[] = [];
      for (let i = 0; i < limit; i++)
        spread.push(await attempt(guesser, `${marker}-nobody-${i}@example.com`, "guess"));
      decide(
        group,
        `${limit} sign-ins spread over unknown e-mails from a third address`,
        `400 invalid_credentials x${limit}`,
        tally(spread),
      );
      decide(
        group,
        "a fresh e-mail from that address past the limit",
        "429 over_request_rate_limit",
        await attempt(guesser, `${marker}-fresh@example.com`, "guess"),
      );

      // A success stays counted, as hosted Auth counts every /token request (token_refresh):
      // after it, one failure fewer answers 400 before the 429.
      const owner = from("198.51.100.4");
      const afterSuccess = [await attempt(owner, STAFF.email, STAFF.password)];
      for (let i = 0; i < limit; i++)
        afterSuccess.push(await attempt(owner, STAFF.email, `typo-${i}`));
      decide(
        group,
        `a success, then ${limit} wrong passwords from a fourth address`,
        `200 x1, 400 invalid_credentials x${limit - 1}, 429 over_request_rate_limit x1`,
        tally(afterSuccess),
      );
      expect(decisions.filter((d) => !d.right)).toEqual([]);
    },
  );
});
