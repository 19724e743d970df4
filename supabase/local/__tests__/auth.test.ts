// Auth life cycle through the real supabase-js client (auth-js).
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, type AppContext } from "../src/app-env.ts";
import { signJwt } from "../src/jwt.ts";
import {
  client,
  jwtClaims,
  grantAdminClaim,
  MemoryStorage,
  startTestStack,
  unsignedJwt,
  type TestStack,
} from "./helpers.ts";

const FIXTURE = `
create table public.staff_only (id int primary key, note text);
alter table public.staff_only enable row level security;
create policy staff_read on public.staff_only for select to authenticated
  using (coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role', '') = 'admin');
insert into public.staff_only values (1, 'hello staff') on conflict do nothing;
`;
const ADMIN = { email: "admin@example.com", password: "correct-horse" };
/** Sign-in attempts per client address in this file's stack. */
const LIMIT = 10;

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({
    extraSql: [FIXTURE],
    seedAdmin: ADMIN,
    rateLimit: { maxAttempts: LIMIT, windowMs: 60_000 },
  });
  await grantAdminClaim(stack, ADMIN.email);
});

afterAll(async () => {
  await stack?.close();
});

/** A client whose requests reach the stack as if from `address` (through a local proxy). */
const fromAddress = (address: string) =>
  client(stack.url, stack.anonKey, { headers: { "X-Forwarded-For": address } });

describe("password sign-in", () => {
  it("signs in the seeded staff account with the documented token response", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { data, error } = await sb.auth.signInWithPassword(ADMIN);
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe("bearer");
    expect(s.expires_in).toBe(3600);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(s.refresh_token).toBeTruthy();
    expect(data.user).toMatchObject({
      email: ADMIN.email,
      aud: "authenticated",
      role: "authenticated",
      app_metadata: { provider: "email", providers: ["email"], role: "admin" },
      user_metadata: {},
      is_anonymous: false,
    });
    const claims = jwtClaims(s.access_token);
    expect(claims).toMatchObject({
      aud: "authenticated",
      iss: `${stack.url}/auth/v1`,
      sub: data.user!.id,
      email: ADMIN.email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      app_metadata: { role: "admin" },
      is_anonymous: false,
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toMatchObject([{ method: "password" }]);
    const staff = await sb.from("staff_only").select("note");
    expect(staff.data).toEqual([{ note: "hello staff" }]);
  });

  it("refuses a wrong password with 400 invalid_credentials", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { data, error } = await sb.auth.signInWithPassword({
      email: ADMIN.email,
      password: "wrong",
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
    expect(error?.message).toBe("Invalid login credentials");
  });

  it("refuses an unknown e-mail the same way", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { error } = await sb.auth.signInWithPassword({
      email: "nobody@example.com",
      password: "whatever",
    });
    expect(error?.code).toBe("invalid_credentials");
  });

  it("rate-limits sign-ins per client address with 429, never per account", async () => {
    const attacker = fromAddress("198.51.100.1");
    const target = { email: ADMIN.email, password: "nope" };
    for (let i = 0; i < LIMIT; i++)
      expect((await attacker.auth.signInWithPassword(target)).error?.status).toBe(400);
    const { error } = await attacker.auth.signInWithPassword(target);
    expect(error?.status).toBe(429);
    expect(error?.code).toBe("over_request_rate_limit");
    // The account is not locked: its owner still signs in from another address.
    expect((await fromAddress("198.51.100.2").auth.signInWithPassword(ADMIN)).error).toBeNull();
  });

  it("refuses sign-up with signup_disabled", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { error } = await sb.auth.signUp({ email: "new@example.com", password: "password123" });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("signup_disabled");
  });
});

describe("sessions", () => {
  it("restores a session from storage in a new client", async () => {
    const storage = new MemoryStorage();
    const first = client(stack.url, stack.anonKey, { storage });
    expect((await first.auth.signInWithPassword(ADMIN)).error).toBeNull();
    const second = client(stack.url, stack.anonKey, { storage });
    const { data } = await second.auth.getSession();
    expect(data.session?.user.email).toBe(ADMIN.email);
    const { data: user, error } = await second.auth.getUser();
    expect(error).toBeNull();
    expect(user.user?.email).toBe(ADMIN.email);
  });

  it("refreshes with rotation and refuses a reused refresh token", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { data } = await sb.auth.signInWithPassword(ADMIN);
    const firstRefresh = data.session!.refresh_token;
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const next = refreshed.data.session!;
    expect(next.refresh_token).not.toBe(firstRefresh);
    expect(next.user.email).toBe(ADMIN.email);
    const other = client(stack.url, stack.anonKey);
    const reuse = await other.auth.refreshSession({ refresh_token: firstRefresh });
    expect(reuse.error?.status).toBe(400);
    expect(reuse.error?.code).toBe("refresh_token_already_used");
    // Reuse ends the session: its newest token no longer works either.
    const after = await other.auth.refreshSession({ refresh_token: next.refresh_token });
    expect(after.error?.code).toBe("refresh_token_not_found");
  });

  it("refuses an unknown refresh token", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { error } = await sb.auth.refreshSession({ refresh_token: "made-up" });
    expect(error?.code).toBe("refresh_token_not_found");
  });

  it("refreshes an access token that is about to expire", async () => {
    const short = await startTestStack({ seedAdmin: ADMIN, jwtExpiry: 30 });
    try {
      await grantAdminClaim(short, ADMIN.email);
      const storage = new MemoryStorage();
      const sb = client(short.url, short.anonKey, { storage });
      const first = (await sb.auth.signInWithPassword(ADMIN)).data.session!;
      expect(first.expires_in).toBe(30);
      // Less than the client's 90 s margin remains, so getSession() refreshes on its own.
      const { data } = await sb.auth.getSession();
      expect(data.session?.refresh_token).not.toBe(first.refresh_token);
    } finally {
      await short.close();
    }
  });

  it("refuses an expired access token", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { data } = await sb.auth.signInWithPassword(ADMIN);
    const claims = jwtClaims(data.session!.access_token);
    const expired = signJwt(
      { ...claims, exp: Math.floor(Date.now() / 1000) - 10 },
      stack.jwtSecret,
    );
    const rest = client(stack.url, stack.anonKey, {
      headers: { Authorization: `Bearer ${expired}` },
    });
    const { error, status } = await rest.from("staff_only").select();
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: "PGRST303", message: "JWT expired" });
    const user = await sb.auth.getUser(expired);
    expect(user.error?.status).toBe(403);
    expect(user.error?.code).toBe("bad_jwt");
  });

  it("refuses forged tokens: wrong secret and alg none", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { data } = await sb.auth.signInWithPassword(ADMIN);
    const claims = jwtClaims(data.session!.access_token);
    const wrongSecret = signJwt(
      { ...claims, app_metadata: { role: "admin" } },
      "another-secret-that-is-at-least-32-chars",
    );
    const none = unsignedJwt({ ...claims, role: "service_role" });
    for (const token of [wrongSecret, none]) {
      const rest = client(stack.url, stack.anonKey, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const { error, status } = await rest.from("staff_only").select();
      expect(status).toBe(401);
      expect(error?.code).toBe("PGRST301");
      const user = await sb.auth.getUser(token);
      expect(user.error?.status).toBe(403);
    }
    // A forged apikey is refused too.
    const forgedKey = client(
      stack.url,
      signJwt({ role: "service_role" }, "another-secret-that-is-at-least-32-chars"),
    );
    const r = await forgedKey.from("staff_only").select();
    expect(r.status).toBe(401);
  });

  it("logs out: the session ends and its refresh token stops working", async () => {
    const sb = client(stack.url, stack.anonKey);
    const { data } = await sb.auth.signInWithPassword(ADMIN);
    const token = data.session!.access_token;
    const refresh = data.session!.refresh_token;
    const { error } = await sb.auth.signOut();
    expect(error).toBeNull();
    expect((await sb.auth.getSession()).data.session).toBeNull();
    // auth-js turns the server's 403 session_not_found into AuthSessionMissingError.
    const user = await sb.auth.getUser(token);
    expect(user.error?.name).toBe("AuthSessionMissingError");
    const again = await client(stack.url, stack.anonKey).auth.refreshSession({
      refresh_token: refresh,
    });
    expect(again.error?.code).toBe("refresh_token_not_found");
  });

  it("logout scope others keeps the current session only", async () => {
    const a = client(stack.url, stack.anonKey);
    const b = client(stack.url, stack.anonKey);
    await a.auth.signInWithPassword(ADMIN);
    const bSession = (await b.auth.signInWithPassword(ADMIN)).data.session!;
    expect((await a.auth.signOut({ scope: "others" })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await b.auth.getUser(bSession.access_token)).error?.name).toBe(
      "AuthSessionMissingError",
    );
    const raw = await fetch(`${stack.url}/auth/v1/user`, {
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${bSession.access_token}`,
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(raw.status).toBe(403);
    expect(raw.headers.get("x-sb-error-code")).toBe("session_not_found");
    expect(await raw.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
  });
});

describe("admin API", () => {
  it("creates, lists and updates users with the service role only", async () => {
    const created = await stack.service.auth.admin.createUser({
      email: "Editor@Example.com",
      password: "editor-pass",
      email_confirm: true,
      app_metadata: { role: "admin" },
    });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email: "editor@example.com",
      app_metadata: { role: "admin" },
    });
    const dup = await stack.service.auth.admin.createUser({
      email: "editor@example.com",
      password: "editor-pass",
    });
    expect(dup.error?.code).toBe("email_exists");
    const list = await stack.service.auth.admin.listUsers();
    expect(list.error).toBeNull();
    expect(list.data.users.map((u) => u.email)).toContain("editor@example.com");
    const updated = await stack.service.auth.admin.updateUserById(created.data.user!.id, {
      app_metadata: { role: null },
      password: "editor-pass-2",
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata.role).toBeUndefined();
    const sb = client(stack.url, stack.anonKey);
    expect(
      (await sb.auth.signInWithPassword({ email: "editor@example.com", password: "editor-pass-2" }))
        .error,
    ).toBeNull();
    const staff = await sb.from("staff_only").select();
    expect(staff.data).toEqual([]);
  });

  it("refuses a password under [auth] minimum_password_length (8) with GoTrue's weak_password", async () => {
    const short = await stack.service.auth.admin.createUser({
      email: "short@example.com",
      password: "7-chars",
    });
    expect(short.error).toMatchObject({
      status: 422,
      code: "weak_password",
      message: "Password should be at least 8 characters.",
      reasons: ["length"],
    });
    const created = await stack.service.auth.admin.createUser({
      email: "short@example.com",
      password: "8-chars!",
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    const update = await stack.service.auth.admin.updateUserById(id, { password: "7-chars" });
    expect(update.error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
    // Without x-supabase-api-version: hosted GoTrue's first error shape, with the reasons.
    const raw = await fetch(`${stack.url}/auth/v1/admin/users/${id}`, {
      method: "PUT",
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ password: "7-chars" }),
    });
    expect(raw.status).toBe(422);
    expect(raw.headers.get("x-sb-error-code")).toBe("weak_password");
    expect(await raw.json()).toEqual({
      code: 422,
      error_code: "weak_password",
      msg: "Password should be at least 8 characters.",
      weak_password: { reasons: ["length"] },
    });
    const signIn = await client(stack.url, stack.anonKey).auth.signInWithPassword({
      email: "short@example.com",
      password: "8-chars!",
    });
    expect(signIn.error).toBeNull();
  });

  it("refuses the admin API to anon and to signed-in users", async () => {
    const anon = await stack.anon.auth.admin.createUser({
      email: "x@example.com",
      password: "password1",
    });
    expect(anon.error?.status).toBe(403);
    const sb = client(stack.url, stack.anonKey);
    const { data } = await sb.auth.signInWithPassword(ADMIN);
    const asUser = client(stack.url, stack.anonKey, {
      headers: { Authorization: `Bearer ${data.session!.access_token}` },
    });
    const res = await asUser.auth.admin.listUsers();
    expect(res.error?.status).toBe(403);
  });

  it("users created without a confirmed e-mail cannot sign in", async () => {
    await stack.service.auth.admin.createUser({
      email: "pending@example.com",
      password: "pending-pass",
    });
    const { error } = await client(stack.url, stack.anonKey).auth.signInWithPassword({
      email: "pending@example.com",
      password: "pending-pass",
    });
    expect(error?.code).toBe("email_not_confirmed");
  });

  it("serves settings", async () => {
    const res = await fetch(`${stack.url}/auth/v1/settings`, {
      headers: { apikey: stack.anonKey },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).disable_signup).toBe(true);
  });
});

describe("sign-in limits", () => {
  const outcome = async (sb: SupabaseClient, credentials: typeof ADMIN) => {
    const { error } = await sb.auth.signInWithPassword(credentials);
    return error ? `${error.status} ${error.code}` : "200";
  };

  it("counts attempts when they arrive: a concurrent burst gets exactly the limit of 400s", async () => {
    const attacker = fromAddress("203.0.113.10");
    const burst = Array.from({ length: 40 }, (_, i) =>
      outcome(attacker, { email: ADMIN.email, password: `guess-${i}` }),
    );
    const owner = outcome(fromAddress("203.0.113.11"), ADMIN);
    const answers = await Promise.all(burst);
    const count = (answer: string) => answers.filter((other) => other === answer).length;
    expect(count("400 invalid_credentials")).toBe(LIMIT);
    expect(count("429 over_request_rate_limit")).toBe(40 - LIMIT);
    // Meanwhile the account's owner, elsewhere, signs in.
    expect(await owner).toBe("200");
  });

  it("gives a successful sign-in's attempt back", async () => {
    const sb = fromAddress("203.0.113.20");
    const wrong = { email: ADMIN.email, password: "wrong" };
    for (let i = 0; i < LIMIT - 1; i++)
      expect(await outcome(sb, wrong)).toBe("400 invalid_credentials");
    expect(await outcome(sb, ADMIN)).toBe("200");
    // Had the success kept its attempt, the limit would be reached already.
    expect(await outcome(sb, wrong)).toBe("400 invalid_credentials");
    expect(await outcome(sb, wrong)).toBe("429 over_request_rate_limit");
    expect(await outcome(sb, ADMIN)).toBe("429 over_request_rate_limit");
  });

  it("trusts X-Forwarded-For only from this machine, as from a proxy in front of Auth", () => {
    const seen = (socketAddress: string) =>
      clientAddress({
        env: { incoming: { socket: { remoteAddress: socketAddress } } },
        req: { header: () => "198.51.100.7, 10.0.0.1" },
      } as unknown as AppContext);
    for (const loopback of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(seen(loopback)).toBe("198.51.100.7");
    expect(seen("203.0.113.5")).toBe("203.0.113.5");
  });

  it("takes as long for an unknown e-mail as for a wrong password", async () => {
    const median = (samples: number[]) =>
      [...samples].sort((first, second) => first - second)[samples.length >> 1]!;
    const timed = async (address: string, credentials: typeof ADMIN) => {
      const started = performance.now();
      expect(await outcome(fromAddress(address), credentials)).toBe("400 invalid_credentials");
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, each from its own address, so load on the machine hits both alike.
    for (let i = 0; i < 9; i++) {
      unknown.push(
        await timed(`203.0.113.${100 + i}`, { email: `nobody-${i}@example.com`, password: "x" }),
      );
      wrong.push(
        await timed(`203.0.113.${150 + i}`, { email: ADMIN.email, password: `wrong-${i}` }),
      );
    }
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
