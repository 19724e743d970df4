// startStack(): opens and bootstraps the database, then serves createApp() on one port.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { createApp } from "./app.ts";
import { SignInLimiter, type RateLimitOptions } from "./auth/rate-limit.ts";
import { bootstrapDatabase } from "./bootstrap.ts";
import {
  DEFAULT_DATA_DIR,
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_HOST,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_PORT,
  DEFAULT_SEED_FILE,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from "./config.ts";
import { openDb, type Db } from "./db.ts";
import { FunctionRunner, Outbox } from "./functions.ts";
import { signJwt } from "./jwt.ts";
import { SchemaCache } from "./schema-cache.ts";

export type { RateLimitOptions } from "./auth/rate-limit.ts";

export interface StackOptions {
  /** 0 picks a free port. Default 54321. */
  port?: number;
  host?: string;
  /** PGlite data directory (default supabase/.data/pglite). */
  dataDir?: string;
  /** PGlite in memory: nothing is kept. */
  inMemory?: boolean;
  /** A real PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  migrationsDir?: string;
  /** null: no seed. */
  seedFile?: string | null;
  /** SQL applied after the migrations on every start (test fixtures). */
  extraSql?: string[];
  /** null: no staff account. */
  seedAdmin?: { email: string; password: string } | null;
  functionsDir?: string;
  rateLimit?: RateLimitOptions;
  jwtSecret?: string;
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpiry?: number;
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  db: Db;
  outbox: Outbox;
  close(): Promise<void>;
}

/** The anon and service-role keys for `jwtSecret`: the CLI's well-known ones for its secret. */
function apiKeys(jwtSecret: string) {
  if (jwtSecret === LOCAL_JWT_SECRET) {
    return { anonKey: LOCAL_ANON_KEY, serviceRoleKey: LOCAL_SERVICE_ROLE_KEY };
  }
  const key = (role: string) => signJwt({ iss: "supabase-demo", role, exp: 1983812996 }, jwtSecret);
  return { anonKey: key("anon"), serviceRoleKey: key("service_role") };
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
  const jwtSecret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const { anonKey, serviceRoleKey } = apiKeys(jwtSecret);
  const inMemory = !!options.inMemory && !options.databaseUrl;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const db = await openBootstrappedDb(options, inMemory, dataDir);
  const schemaCache = new SchemaCache(db);
  await schemaCache.reload();
  const outbox = new Outbox(
    inMemory || options.databaseUrl ? null : path.join(path.dirname(dataDir), "outbox.json"),
  );
  let url = "";
  const functionRunner = new FunctionRunner({
    functionsDir: options.functionsDir ?? DEFAULT_FUNCTIONS_DIR,
    outbox,
    stackEnv: () => ({
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    }),
  });
  const app = createApp({
    db,
    schemaCache,
    jwtSecret,
    jwtExpiry: options.jwtExpiry ?? 3600,
    publicUrl: () => url,
    signInLimiter: new SignInLimiter(options.rateLimit),
    functionRunner,
    outbox,
    log: options.log ?? (() => undefined),
  });

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const host = options.host ?? DEFAULT_HOST;
  try {
    await listen(server, options.port ?? DEFAULT_PORT, host);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

  let closed = false;
  return {
    url,
    anonKey,
    serviceRoleKey,
    jwtSecret,
    db,
    outbox,
    async close() {
      if (closed) return;
      closed = true;
      await closeServer(server);
      await db.close();
    },
  };
}
