// Starts an isolated stack for one test file: PGlite in memory, or a fresh database on the
// server named by DATABASE_URL (see ../scripts/with-postgres.sh).
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../../../scripts/lib/node-supabase-client.ts";
import { LOCAL_RESEND_KEY_PREFIX } from "../src/config.ts";
import type { OutboxEntry } from "../src/outbox.ts";
import { startStack, type Stack, type StackOptions } from "../src/stack.ts";

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
/** A config.toml whose function "open" runs with verify_jwt = false. */
export const FIXTURE_CONFIG = path.join(FIXTURES, "config.toml");

/** The tests' supabase-js client: scripts/lib/node-supabase-client.ts, untyped. */
export { createNodeClient as client };

export interface TestStack extends Stack {
  /** supabase-js with the legacy anon key. */
  anon: SupabaseClient;
  /** supabase-js with the legacy service_role key. */
  service: SupabaseClient;
  /** supabase-js with the publishable key. */
  publishable: SupabaseClient;
  /** supabase-js with the secret key. */
  secret: SupabaseClient;
}

/** A fresh database on the PostgreSQL server at `serverUrl`, and how to drop it afterwards. */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return {
    databaseUrl: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function startTestStack(options: StackOptions = {}): Promise<TestStack> {
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | null = null;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) ({ databaseUrl, drop } = await createThrowawayDatabase(serverUrl, "stack_test"));
  const stack = await startStack({
    port: 0,
    inMemory: true,
    databaseUrl,
    migrationsDir: path.join(FIXTURES, "migrations"),
    seedFile: null,
    seedAdmin: null,
    functionsDir: path.join(FIXTURES, "functions"),
    ...options,
  });
  const close = stack.close.bind(stack);
  return {
    ...stack,
    anon: createNodeClient(stack.url, stack.anonKey),
    service: createNodeClient(stack.url, stack.serviceRoleKey),
    publishable: createNodeClient(stack.url, stack.publishableKey),
    secret: createNodeClient(stack.url, stack.secretKey),
    async close() {
      await close();
      await drop?.();
    },
  };
}

/** The claims of a JWT, unverified (what a client can read from any token). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
}

/** A forged token with `alg: none` and no signature, which a server must refuse. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  return [
    Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url"),
    Buffer.from(JSON.stringify(claims)).toString("base64url"),
    "",
  ].join(".");
}

export class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

/**
 * Gives an account the claim the fixtures' policies read, `app_metadata.role = "admin"` (a
 * project that keeps its staff in the token would set it with the admin API): tokens issued
 * from then on carry it. The project's own staff are public.staff_members, and the seeded
 * account no longer carries any role.
 */
export async function grantAdminClaim(stack: Stack, email: string): Promise<void> {
  const { rows } = await stack.db.query<{ id: string }>(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role": "admin"}'::jsonb
      where email = lower($1) returning id::text`,
    [email],
  );
  if (rows.length !== 1) throw new Error(`grantAdminClaim: no account ${email}`);
}

/**
 * POSTs to the stack's Resend stand-in (`emails` or `emails/batch`) as a function does, with the
 * local Resend key of `functionName` (a function of the fixtures).
 */
export function postToResend(
  stack: Stack,
  endpoint: "emails" | "emails/batch",
  body: unknown,
  headers: Record<string, string> = {},
  functionName = "echo",
): Promise<Response> {
  return fetch(`${stack.url}/__local/resend/${endpoint}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${LOCAL_RESEND_KEY_PREFIX}${functionName}`,
      "content-type": "application/json",
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/**
 * Has the stack's Resend stand-in sign `event` and post it to resend-events
 * (POST /__local/resend/webhooks); the status the function answered.
 */
export async function postResendWebhook(
  stack: Stack,
  event: Record<string, unknown>,
): Promise<number> {
  const response = await fetch(`${stack.url}/__local/resend/webhooks`, {
    method: "POST",
    headers: { apikey: stack.secretKey, "content-type": "application/json" },
    body: JSON.stringify(event),
  });
  if (response.status !== 200) throw new Error(`the stand-in answered ${response.status}`);
  return ((await response.json()) as { status: number }).status;
}

/** GET /__local/outbox with `query` (bodies=none, function=…), as the service role. */
export async function readOutbox(stack: Stack, query = ""): Promise<OutboxEntry[]> {
  const response = await fetch(`${stack.url}/__local/outbox${query}`, {
    headers: { apikey: stack.secretKey },
  });
  if (!response.ok) throw new Error(`outbox: ${response.status} ${await response.text()}`);
  return (await response.json()) as OutboxEntry[];
}
