// Functions (each under Deno, see functions-deno.test.ts), the outbox, migrations bookkeeping
// and the maintenance scripts.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FunctionsHttpError } from "@supabase/supabase-js";
import { adminCreate, describeAdminCreate } from "../../../scripts/admin-create.ts";
import { applyMigrations } from "../src/bootstrap.ts";
import { DEFAULT_MIGRATIONS_DIR } from "../src/config.ts";
import { lockDataDir } from "../src/db.ts";
import { client, FIXTURES, startTestStack, type TestStack } from "./helpers.ts";

let stack: TestStack;
let functionsDir: string;

beforeAll(async () => {
  // The local Resend endpoint, never Resend, whatever the developer's shell holds.
  delete process.env.RESEND_API_KEY;
  // A copy of the fixture functions with a .env file (.env files are git-ignored).
  functionsDir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-functions-"));
  fs.cpSync(path.join(FIXTURES, "functions"), functionsDir, { recursive: true });
  fs.writeFileSync(path.join(functionsDir, ".env"), 'FIXTURE_SECRET="from-dotenv" # comment\n');
  stack = await startTestStack({
    functionsDir,
    extraSql: [
      `create type public.mood as enum ('happy', 'sad'); create table public.typed (id int generated always as identity primary key, mood public.mood, tags text[] not null default '{}', doc jsonb, total numeric, label varchar(20) not null);`,
    ],
  });
});

afterAll(async () => {
  await stack?.close();
  fs.rmSync(functionsDir, { recursive: true, force: true });
});

describe("functions", () => {
  it("runs a function with the body, the caller's token and the stack's env", async () => {
    const { data, error } = await stack.anon.functions.invoke("echo", { body: { hello: "world" } });
    expect(error).toBeNull();
    expect(data).toEqual({
      method: "POST",
      body: { hello: "world" },
      authorization: `Bearer ${stack.anonKey}`,
      env: { url: stack.url, anon: stack.anonKey, service: "set", fixture: "from-dotenv" },
    });
  });

  it("returns a non-2xx answer as FunctionsHttpError", async () => {
    const { data, error } = await stack.anon.functions.invoke("echo", { body: { fail: true } });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsHttpError).context.status).toBe(422);
  });

  it("answers 500 when a function throws, 404 for an unknown or invalid name", async () => {
    const thrown = await stack.anon.functions.invoke("echo", { body: { throw: true } });
    expect((thrown.error as FunctionsHttpError).context.status).toBe(500);
    const missing = await stack.anon.functions.invoke("nope", { body: {} });
    expect((missing.error as FunctionsHttpError).context.status).toBe(404);
    const res = await fetch(`${stack.url}/functions/v1/..%2F_shared`, {
      method: "POST",
      headers: { apikey: stack.anonKey },
    });
    expect(res.status).toBe(404);
  });

  it("requires the apikey and a valid token", async () => {
    const res = await fetch(`${stack.url}/functions/v1/echo`, { method: "POST", body: "{}" });
    expect(res.status).toBe(401);
    const forged = await fetch(`${stack.url}/functions/v1/echo`, {
      method: "POST",
      headers: { apikey: stack.anonKey, authorization: "Bearer x.y.z" },
    });
    expect(forged.status).toBe(401);
  });

  it("answers CORS preflights", async () => {
    const res = await fetch(`${stack.url}/functions/v1/echo`, {
      method: "OPTIONS",
      headers: {
        origin: "http://127.0.0.1:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, x-client-info, apikey, content-type",
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-headers")).toContain("apikey");
    expect(res.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
  });
});

describe("outbox", () => {
  it("catches e-mail sent through the local Resend endpoint, for the service role only", async () => {
    const sent = await stack.anon.functions.invoke("echo", { body: { email: "lead@example.com" } });
    expect(sent.error).toBeNull();
    const anon = await fetch(`${stack.url}/__local/outbox`, { headers: { apikey: stack.anonKey } });
    expect(anon.status).toBe(401);
    const none = await fetch(`${stack.url}/__local/outbox`);
    expect(none.status).toBe(401);
    const res = await fetch(`${stack.url}/__local/outbox`, {
      headers: { apikey: stack.serviceRoleKey },
    });
    expect(res.status).toBe(200);
    const mails = await res.json();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      from: "site@appgrove.local",
      to: ["lead@example.com"],
      subject: "Hello",
      html: "<p>Hi</p>",
      text: "Hi",
      function: "echo",
    });
    const delAnon = await fetch(`${stack.url}/__local/outbox`, {
      method: "DELETE",
      headers: { apikey: stack.anonKey },
    });
    expect(delAnon.status).toBe(401);
    const del = await fetch(`${stack.url}/__local/outbox`, {
      method: "DELETE",
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(del.status).toBe(204);
    expect(
      await (
        await fetch(`${stack.url}/__local/outbox`, { headers: { apikey: stack.serviceRoleKey } })
      ).json(),
    ).toEqual([]);
  });
});

describe("migrations", () => {
  it("applies each migration once, in order, and records it", async () => {
    const { rows } = await stack.db.query<{ version: string }>(
      `select version from supabase_migrations.schema_migrations order by version`,
    );
    expect(rows.map((r) => r.version)).toEqual(["20240101000000", "20240101000100"]);
    expect(
      await applyMigrations(stack.db, path.join(FIXTURES, "migrations"), () => undefined),
    ).toBe(0);
  });

  it("grants new public tables to the API roles by default, like hosted Supabase", async () => {
    const { rows } = await stack.db.query<{ ok: boolean }>(
      `select has_table_privilege('anon', 'public.typed', 'select') as ok`,
    );
    expect(rows[0]!.ok).toBe(true);
  });
});

describe("data directory lock", () => {
  it("refuses a PGlite directory held by a live process and takes over a stale lock", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "stack-lock-"));
    const dir = path.join(root, "pglite");
    try {
      fs.writeFileSync(`${dir}.lock`, String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(/in use by process/);
      fs.writeFileSync(`${dir}.lock`, "2147483646");
      const release = lockDataDir(dir);
      expect(fs.readFileSync(`${dir}.lock`, "utf8")).toBe(String(process.pid));
      release();
      expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("scripts", () => {
  // admin:create writes the team's membership: the project's own migrations.
  let project: TestStack;
  beforeAll(async () => {
    project = await startTestStack({ migrationsDir: DEFAULT_MIGRATIONS_DIR });
  });
  afterAll(async () => {
    await project?.close();
  });

  async function membership(id: string) {
    const { data, error } = await project.service
      .from("staff_members")
      .select("role, joined_at")
      .eq("user_id", id)
      .maybeSingle();
    expect(error).toBeNull();
    return data;
  }

  it("admin:create creates an Administrator, makes an existing account one without touching its password, and says which", async () => {
    const created = await adminCreate({
      url: project.url,
      secretKey: project.secretKey,
      email: "Boss@Example.com",
      password: "boss-pass-1",
      name: "The Boss",
    });
    expect(created).toMatchObject({ action: "created", email: "boss@example.com" });
    expect(describeAdminCreate(created)).toBe(
      'Created Administrator boss@example.com; display name set to "The Boss"',
    );
    expect(await membership(created.id)).toEqual({ role: "admin", joined_at: expect.any(String) });
    const sb = client(project.url, project.anonKey);
    const signIn = await sb.auth.signInWithPassword({
      email: "boss@example.com",
      password: "boss-pass-1",
    });
    expect(signIn.error).toBeNull();
    // The token's app_metadata names no role: membership is the database's.
    expect(signIn.data.user?.app_metadata.role).toBeUndefined();
    const access = await sb.rpc("my_staff_access");
    expect(access.data).toMatchObject([{ role: "admin", joined: true }]);

    const again = await adminCreate({
      url: project.url,
      // A project mid-migration: the legacy service-role key still works.
      secretKey: project.serviceRoleKey,
      email: "boss@example.com",
    });
    expect(again).toMatchObject({ action: "unchanged", id: created.id });
    expect(describeAdminCreate(again)).toBe("boss@example.com is already an Administrator");

    // An account that exists already (a Sales member here) becomes an Administrator; its
    // password stays its own.
    const seller = await project.service.auth.admin.createUser({
      email: "seller@example.com",
      password: "seller-pass-1",
      email_confirm: true,
    });
    expect(seller.error).toBeNull();
    const sellerId = seller.data.user!.id;
    expect(
      (
        await project.service
          .from("staff_members")
          .insert({ user_id: sellerId, role: "sales", joined_at: new Date().toISOString() })
      ).error,
    ).toBeNull();
    const promoted = await adminCreate({
      url: project.url,
      secretKey: project.secretKey,
      email: "SELLER@example.com",
    });
    expect(promoted).toMatchObject({ action: "promoted", id: sellerId, previousRole: "sales" });
    expect(describeAdminCreate(promoted)).toBe(
      "seller@example.com is now an Administrator (password unchanged)",
    );
    expect(await membership(sellerId)).toMatchObject({ role: "admin" });
    const audit = await project.service
      .from("staff_audit_log")
      .select("actor_id, action, target_id, details")
      .eq("target_id", sellerId);
    expect(audit.data).toEqual([
      {
        actor_id: null,
        action: "role_changed",
        target_id: sellerId,
        details: { from: "sales", to: "admin", by: "admin:create" },
      },
    ]);

    // --password for an existing account is refused, and nothing changes: not the password,
    // not the membership.
    const outsider = await project.service.auth.admin.createUser({
      email: "outsider@example.com",
      password: "outsider-pass-1",
      email_confirm: true,
    });
    expect(outsider.error).toBeNull();
    await expect(
      adminCreate({
        url: project.url,
        secretKey: project.secretKey,
        email: "outsider@example.com",
        password: "a-new-password-1",
      }),
    ).rejects.toThrow(/already has an account.*never changes a password.*"Forgot password\?"/);
    expect(await membership(outsider.data.user!.id)).toBeNull();
    for (const [password, works] of [
      ["outsider-pass-1", true],
      ["a-new-password-1", false],
    ] as const) {
      const attempt = await client(project.url, project.anonKey).auth.signInWithPassword({
        email: "outsider@example.com",
        password,
      });
      expect(attempt.error === null, password).toBe(works);
    }

    // A new e-mail needs a password; a publishable key is not the admin API's.
    await expect(
      adminCreate({ url: project.url, secretKey: project.secretKey, email: "new@example.com" }),
    ).rejects.toThrow("new@example.com has no account yet: pass --password to create it");
    await expect(
      adminCreate({
        url: project.url,
        secretKey: project.publishableKey,
        email: "x@example.com",
        password: "pass-word-1",
      }),
    ).rejects.toThrow();
  });
});
