// startStack(): reads supabase/config.toml, opens and bootstraps the database, then serves
// createApp() on one port.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { createApp } from "./app.ts";
import { authLimits, type RateLimitOptions } from "./auth/rate-limit.ts";
import { bootstrapDatabase } from "./bootstrap.ts";
import {
  DEFAULT_CONFIG_FILE,
  DEFAULT_DATA_DIR,
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_HOST,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
  LOCAL_JWT_SECRET,
  outboxFileFor,
  storageDirectoryFor,
} from "./config.ts";
import { openDb, type Db } from "./db.ts";
import {
  hostedFunctionEnv,
  productionSettingsLeftOut,
  resendWebhookSecret,
} from "./function-env.ts";
import { FunctionRunner } from "./functions.ts";
import { ApiKeys, localApiKeys, type ApiKeyValues } from "./keys.ts";
import { LocalResend } from "./local-resend.ts";
import { localSite } from "./local-site.ts";
import { Outbox } from "./outbox.ts";
import { readProjectConfig } from "./project-config.ts";
import { ResendWebhooks } from "./resend-webhooks.ts";
import { startScheduler, type FunctionSchedule } from "./scheduler.ts";
import { SchemaCache } from "./schema-cache.ts";
import { ObjectFiles } from "./storage/files.ts";
import {
  checkSigningKey,
  generateSigningKey,
  JwtKeys,
  loadOrCreateSigningKey,
  type Jwks,
  type SigningKeyJwk,
} from "./signing-keys.ts";

export type { RateLimitOptions } from "./auth/rate-limit.ts";
export type { Jwks, SigningKeyJwk } from "./signing-keys.ts";

export interface StackOptions {
  /** 0 picks a free port. Default: [api] port of the config file. */
  port?: number;
  /** The address to listen on (default 127.0.0.1). */
  host?: string;
  /**
   * The name clients reach the stack under, in its URL (default `host`): a name of this machine
   * other than a loopback one (npm run build:rehearsal).
   */
  publicHost?: string;
  /** PGlite data directory (default supabase/.data/pglite). */
  dataDir?: string;
  /** PGlite in memory: nothing is kept (Storage's files go to a temporary directory). */
  inMemory?: boolean;
  /** A real PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /**
   * Storage's files. Default: a temporary directory removed by close() when `inMemory`, else
   * `storage` beside the PGlite data directory (supabase/.data/storage).
   */
  storageDir?: string;
  migrationsDir?: string;
  /** null: no seed. */
  seedFile?: string | null;
  /** SQL applied after the migrations on every start (test fixtures). */
  extraSql?: string[];
  /** null: no staff account. */
  seedAdmin?: { email: string; password: string } | null;
  functionsDir?: string;
  /** The Supabase CLI's config.toml to take settings from (default supabase/config.toml). */
  configFile?: string;
  /**
   * The local site: the base of Auth's links, the functions' SITE_URL and their build hook
   * (`<site>/__build-hook`). Default: SITE_URL of the environment, else [auth] site_url while it
   * names this machine (a production address there is left out, and said so once), else
   * http://127.0.0.1:5173 (local-site.ts).
   */
  siteUrl?: string;
  /** Overrides [auth.rate_limit] sign_in_sign_ups (attempts per address per 5 minutes). */
  rateLimit?: RateLimitOptions;
  /** The legacy HS256 secret: signs the legacy keys, still verifies HS256 tokens. */
  jwtSecret?: string;
  /** The project's own publishable and secret keys (default the CLI's well-known local ones). */
  apiKeys?: Pick<ApiKeyValues, "publishableKey" | "secretKey">;
  /**
   * The ES256 key that signs access tokens. Default: kept in signing-keys.json beside the PGlite
   * data directory; a fresh one per start in memory or with a database URL.
   */
  signingKey?: SigningKeyJwk;
  /** Access-token lifetime in seconds (default [auth] jwt_expiry). */
  jwtExpiry?: number;
  /**
   * Where the Resend stand-in posts its webhook events. Default: RESEND_WEBHOOK_URL of the
   * environment, else the stack's own /functions/v1/resend-events.
   */
  resendWebhookUrl?: string;
  /** Functions called on a period with the secret key, as Supabase Cron does (default none). */
  schedules?: FunctionSchedule[];
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  publishableKey: string;
  secretKey: string;
  /** Legacy: the HS256 JWT with role anon. */
  anonKey: string;
  /** Legacy: the HS256 JWT with role service_role. */
  serviceRoleKey: string;
  /** Legacy: the HS256 secret. */
  jwtSecret: string;
  /** The public keys /auth/v1/.well-known/jwks.json serves. */
  jwks: Jwks;
  /** The local site (StackOptions.siteUrl): never config.toml's production address. */
  siteUrl: string;
  db: Db;
  outbox: Outbox;
  close(): Promise<void>;
}

/** Sessions outlive a restart only where the database does: beside the PGlite directory. */
function signingKeyFor(options: StackOptions, onDisk: boolean, dataDir: string): SigningKeyJwk {
  if (options.signingKey) return checkSigningKey(options.signingKey, "StackOptions.signingKey");
  if (!onDisk) return generateSigningKey();
  return loadOrCreateSigningKey(path.join(path.dirname(dataDir), "signing-keys.json"));
}

async function openBootstrappedDb(options: StackOptions, inMemory: boolean, dataDir: string) {
  const db = await openDb({ databaseUrl: options.databaseUrl, inMemory, dataDir });
  try {
    await bootstrapDatabase(db, {
      migrationsDir: options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
      seedFile: options.seedFile === null ? undefined : (options.seedFile ?? DEFAULT_SEED_FILE),
      extraSql: options.extraSql,
      seedAdmin: options.seedAdmin,
      log: options.log ?? (() => undefined),
    });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

function objectFilesFor(options: StackOptions, dataDir: string): ObjectFiles {
  if (options.storageDir) return ObjectFiles.onDisk(options.storageDir);
  return options.inMemory
    ? ObjectFiles.temporary()
    : ObjectFiles.onDisk(storageDirectoryFor(dataDir));
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const config = readProjectConfig(options.configFile ?? DEFAULT_CONFIG_FILE);
  const jwtSecret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const keys = { ...localApiKeys(jwtSecret), ...options.apiKeys };
  const inMemory = !!options.inMemory && !options.databaseUrl;
  const onDisk = !inMemory && !options.databaseUrl;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const db = await openBootstrappedDb(options, inMemory, dataDir);
  let jwtKeys: JwtKeys;
  try {
    // Under the data directory's lock: one process owns the key file.
    jwtKeys = new JwtKeys(jwtSecret, signingKeyFor(options, onDisk, dataDir));
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const schemaCache = new SchemaCache(db);
  await schemaCache.reload();
  // Beside the data directory, with DATABASE_URL too: the mail sent, and so the idempotency
  // keys answered, outlive a restart as the database's record of them does.
  const outbox = new Outbox(options.inMemory ? null : outboxFileFor(dataDir));
  const objectFiles = objectFilesFor(options, dataDir);
  let url = "";
  const log = options.log ?? (() => undefined);
  const functionsDir = options.functionsDir ?? DEFAULT_FUNCTIONS_DIR;
  const site = localSite({
    given: options.siteUrl ?? process.env.SITE_URL,
    configured: config.siteUrl,
  });
  for (const note of [...site.notes, ...productionSettingsLeftOut(functionsDir, site.url)]) {
    log(note);
  }
  const functionRunner = new FunctionRunner({
    functionsDir,
    stackUrl: () => url,
    hostedEnv: () => hostedFunctionEnv(url, keys, jwtKeys.jwks),
    siteUrl: site.url,
    importMaps: config.importMaps,
    log,
  });
  const resendWebhookUrl = options.resendWebhookUrl ?? process.env.RESEND_WEBHOOK_URL?.trim();
  const localResend = new LocalResend(
    functionRunner,
    outbox,
    new ResendWebhooks({
      url: () => resendWebhookUrl || `${url}/functions/v1/resend-events`,
      secret: () => resendWebhookSecret(functionsDir),
      log,
    }),
  );
  const app = createApp({
    db,
    schemaCache,
    apiKeys: new ApiKeys(keys),
    jwtKeys,
    config,
    jwtExpiry: options.jwtExpiry ?? config.jwtExpiry,
    publicUrl: () => url,
    siteUrl: site.url,
    authLimits: authLimits(config, options.rateLimit),
    functionRunner,
    outbox,
    localResend,
    objectFiles,
    log,
  });

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const host = options.host ?? DEFAULT_HOST;
  try {
    await listen(server, options.port ?? config.apiPort, host);
  } catch (error) {
    await db.close().catch(() => undefined);
    await objectFiles.close().catch(() => undefined);
    outbox.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const publicHost = options.publicHost ?? host;
  url = `http://${publicHost.includes(":") ? `[${publicHost}]` : publicHost}:${port}`;
  const stopSchedules = startScheduler({
    stackUrl: url,
    secretKey: keys.secretKey,
    schedules: options.schedules ?? [],
    log,
  });

  let closed = false;
  return {
    url,
    ...keys,
    jwtSecret,
    jwks: jwtKeys.jwks,
    siteUrl: site.url,
    db,
    outbox,
    async close() {
      if (closed) return;
      closed = true;
      await stopSchedules();
      localResend.webhooks.close();
      await closeServer(server);
      await functionRunner.close();
      outbox.close();
      await db.close();
      await objectFiles.close();
    },
  };
}
