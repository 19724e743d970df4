// startStack(): the whole local Supabase API (/rest/v1, /auth/v1, /functions/v1) on one port.
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Server } from "node:http";
import { createAdaptorServer } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { authRoutes, type RateLimitOptions } from "./auth.ts";
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
import { ApiError } from "./errors.ts";
import { FunctionRunner, Outbox } from "./functions.ts";
import { signJwt } from "./jwt.ts";
import { apiKeyOf, bearerToken, resolveCaller } from "./keys.ts";
import { RestHandler } from "./rest.ts";
import { SchemaCache } from "./schema-cache.ts";
import { verifyJwt } from "./jwt.ts";

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

const EXPOSE =
  "Content-Range, Range, Content-Location, Content-Profile, Preference-Applied, Location, X-Supabase-Api-Version, x-sb-error-code, X-Total-Count, Link";

function cors(headers: Headers, req: Request) {
  headers.set("access-control-allow-origin", req.headers.get("origin") ?? "*");
  headers.set("vary", "Origin");
  headers.set("access-control-expose-headers", EXPOSE);
}

function errorResponse(e: ApiError): Response {
  return new Response(JSON.stringify(e.body()), {
    status: e.status,
    headers: { "content-type": "application/json; charset=utf-8", ...e.headers },
  });
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const log = options.log ?? (() => undefined);
  const jwtSecret = options.jwtSecret ?? LOCAL_JWT_SECRET;
  const wellKnown = jwtSecret === LOCAL_JWT_SECRET;
  const anonKey = wellKnown
    ? LOCAL_ANON_KEY
    : signJwt({ iss: "supabase-demo", role: "anon", exp: 1983812996 }, jwtSecret);
  const serviceRoleKey = wellKnown
    ? LOCAL_SERVICE_ROLE_KEY
    : signJwt({ iss: "supabase-demo", role: "service_role", exp: 1983812996 }, jwtSecret);

  const inMemory = !!options.inMemory && !options.databaseUrl;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const db = await openDb({ databaseUrl: options.databaseUrl, inMemory, dataDir });
  try {
    await bootstrapDatabase(db, {
      migrationsDir: options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR,
      seedFile: options.seedFile === null ? undefined : (options.seedFile ?? DEFAULT_SEED_FILE),
      extraSql: options.extraSql,
      seedAdmin: options.seedAdmin,
      log,
    });
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }

  const cache = new SchemaCache(db);
  await cache.reload();
  const rest = new RestHandler(db, cache);
  const outbox = new Outbox(
    inMemory || options.databaseUrl ? null : path.join(path.dirname(dataDir), "outbox.json"),
  );
  let url = "";
  const functionsDir = options.functionsDir ?? DEFAULT_FUNCTIONS_DIR;
  const runner = new FunctionRunner({
    functionsDir,
    outbox,
    stackEnv: () => ({
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: anonKey,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
    }),
  });

  const clientIp = (c: Context): string => {
    const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
      ?.incoming;
    return incoming?.socket?.remoteAddress ?? "unknown";
  };

  const app = new Hono();

  app.use("*", async (c, next) => {
    if (c.req.method === "OPTIONS") {
      const res = new Response("ok", { status: 200 });
      cors(res.headers, c.req.raw);
      res.headers.set(
        "access-control-allow-methods",
        "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
      );
      res.headers.set(
        "access-control-allow-headers",
        c.req.header("access-control-request-headers") ??
          "authorization, x-client-info, apikey, content-type, prefer, accept-profile, content-profile, range, x-supabase-api-version",
      );
      res.headers.set("access-control-max-age", "86400");
      return res;
    }
    await next();
    try {
      cors(c.res.headers, c.req.raw);
    } catch {
      // immutable headers (e.g. a function's Response): copy it
      const copy = new Response(c.res.body, c.res);
      cors(copy.headers, c.req.raw);
      c.res = copy;
    }
  });

  const requireKey = (c: Context) => {
    const u = new URL(c.req.url);
    return resolveCaller(c.req.raw.headers, u, jwtSecret);
  };

  app.all("/rest/v1/:table{.+}", async (c) => {
    try {
      const caller = requireKey(c);
      const u = new URL(c.req.url);
      const table = decodeURIComponent(c.req.param("table"));
      const method = c.req.method;
      const body = method === "GET" || method === "HEAD" ? "" : await c.req.text();
      const res = await rest.handle({
        method,
        table,
        path: u.pathname.replace(/^\/rest\/v1/, ""),
        params: u.searchParams,
        headers: c.req.raw.headers,
        body,
        role: caller.role,
        claims: caller.claims,
      });
      return new Response(res.body, { status: res.status, headers: res.headers });
    } catch (e) {
      if (e instanceof ApiError) return errorResponse(e);
      throw e;
    }
  });

  app.get("/rest/v1/", (c) => {
    try {
      requireKey(c);
    } catch (e) {
      if (e instanceof ApiError) return errorResponse(e);
      throw e;
    }
    return c.json({
      swagger: "2.0",
      info: { title: "Appgrove local stack", version: "local" },
      paths: {},
    });
  });

  app.use("/auth/v1/*", async (c, next) => {
    const key = apiKeyOf(c.req.raw.headers, new URL(c.req.url));
    let valid = false;
    if (key) {
      try {
        const claims = verifyJwt(key, jwtSecret);
        valid = claims.role === "anon" || claims.role === "service_role";
      } catch {
        valid = false;
      }
    }
    if (!valid) {
      return c.json(
        { message: key ? "Invalid API key" : "No API key found in request", hint: null },
        401,
      );
    }
    await next();
  });
  app.route(
    "/auth/v1",
    authRoutes({
      db,
      jwtSecret,
      jwtExpiry: options.jwtExpiry ?? 3600,
      issuer: () => `${url}/auth/v1`,
      rateLimit: options.rateLimit ?? {},
      clientIp,
    }),
  );

  app.all("/functions/v1/:name{.+}", async (c) => {
    try {
      requireKey(c);
    } catch (e) {
      if (e instanceof ApiError) return errorResponse(e);
      throw e;
    }
    const name = c.req.param("name").split("/")[0]!;
    return runner.run(name, c.req.raw);
  });

  const requireService = (c: Context) => {
    const tokens = [
      apiKeyOf(c.req.raw.headers, new URL(c.req.url)),
      bearerToken(c.req.raw.headers),
    ];
    return tokens.some((t) => {
      if (!t) return false;
      try {
        return verifyJwt(t, jwtSecret).role === "service_role";
      } catch {
        return false;
      }
    });
  };
  app.get("/__local/outbox", (c) => {
    if (!requireService(c)) return c.json({ message: "The service-role key is required" }, 401);
    return c.json(outbox.list());
  });
  app.delete("/__local/outbox", (c) => {
    if (!requireService(c)) return c.json({ message: "The service-role key is required" }, 401);
    outbox.clear();
    return new Response(null, { status: 204 });
  });
  app.get("/__local/health", (c) => c.json({ ok: true, driver: db.driver }));

  app.notFound((c) => c.json({ message: "no Route matched with those values" }, 404));
  app.onError((err, c) => {
    log(`internal error: ${err.stack ?? err.message}`);
    return c.json({ code: "XX000", details: null, hint: null, message: err.message }, 500);
  });

  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  const host = options.host ?? DEFAULT_HOST;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => resolve());
    });
  } catch (e) {
    await db.close().catch(() => undefined);
    throw e;
  }
  const port = (server.address() as AddressInfo).port;
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
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      });
      await db.close();
    },
  };
}
