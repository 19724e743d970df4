// Defaults shared by the stack, its scripts and its tests: the Supabase CLI's well-known local
// keys, so .env.example can hold them. The publishable and secret keys are fixed strings; the
// legacy anon and service_role keys are HS256 JWTs of the legacy secret (iss "supabase-demo",
// valid until 2032), still accepted as on a project in the middle of its key migration.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const LOCAL_PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
export const LOCAL_SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";
export const LOCAL_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
export const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const LOCAL_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

/** Where scripts look for a running stack; the stack itself takes [api] port from config.toml. */
export const DEFAULT_PORT = 54321;
export const DEFAULT_HOST = "127.0.0.1";
/** Where `npm run dev` serves the site unless told otherwise (--port, SITE_PORT). */
export const DEFAULT_SITE_PORT = 5173;
export const DEFAULT_ADMIN_EMAIL = "admin@appgrove.local";
export const DEFAULT_ADMIN_PASSWORD = "appgrove-local-admin";

/** The repository root (this file is supabase/local/src/config.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const SUPABASE_DIR = path.join(REPO_ROOT, "supabase");
export const DEFAULT_DATA_DIR = path.join(SUPABASE_DIR, ".data", "pglite");
/** Where Storage's files live beside a PGlite data directory: supabase/.data/storage. */
export const storageDirectoryFor = (dataDir: string) => path.join(path.dirname(dataDir), "storage");
/** Where the outbox's journal lives beside a PGlite data directory: supabase/.data/outbox.jsonl. */
export const outboxFileFor = (dataDir: string) => path.join(path.dirname(dataDir), "outbox.jsonl");
export const DEFAULT_MIGRATIONS_DIR = path.join(SUPABASE_DIR, "migrations");
export const DEFAULT_SEED_FILE = path.join(SUPABASE_DIR, "seed.sql");
export const DEFAULT_FUNCTIONS_DIR = path.join(SUPABASE_DIR, "functions");
/** The Supabase CLI's project configuration (see project-config.ts). */
export const DEFAULT_CONFIG_FILE = path.join(SUPABASE_DIR, "config.toml");
export const BOOTSTRAP_SQL = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../sql/bootstrap.sql",
);
/** What `deno run` starts for each function: it imports the function's index.ts. */
export const DENO_BOOTSTRAP = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../deno/bootstrap.ts",
);

/**
 * The local Resend key a function gets (followed by its name) when no real RESEND_API_KEY is
 * set: the stack's /__local/resend/emails takes it and files the mail under that function.
 */
export const LOCAL_RESEND_KEY_PREFIX = "re_local_";

/**
 * The local stand-in for the signing secret of a Resend webhook (whsec_ and 24 bytes in base64,
 * as Svix makes them): the functions' RESEND_WEBHOOK_SECRET unless one is set, and the secret the
 * stack signs its Resend events with (resend-webhooks.ts).
 */
export const LOCAL_RESEND_WEBHOOK_SECRET = "whsec_bG9jYWwtc3RhY2stcmVzZW5kLWhvb2tz";

/** Function secrets that local development needs and that nobody has to set by hand. */
export const LOCAL_FUNCTION_ENV: Record<string, string> = {
  RESEND_WEBHOOK_SECRET: LOCAL_RESEND_WEBHOOK_SECRET,
  LEAD_NOTIFICATION_TO: "leads@appgrove.local",
  // A published post is live within seconds locally; hosted waits for a burst of saves to end.
  SITE_REFRESH_QUIET_SECONDS: "2",
  // The stack starts before the site it refreshes: the first build may find no one to call.
  SITE_BUILD_RETRY_SECONDS: "5",
  // A local refresh takes seconds: one that never finished must not hold the next for long.
  SITE_BUILD_TIMEOUT_SECONDS: "120",
};
