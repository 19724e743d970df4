// What every route can reach through its Hono context: the stack's services (set once per
// request by createApp) and, behind the gateway's checks (gateway.ts), the caller. The gateway's
// results are declared here, so gateway.ts imports this module and not the other way round.
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { AuthLimits } from "./auth/rate-limit.ts";
import type { Db } from "./db.ts";
import type { FunctionRunner } from "./functions.ts";
import type { JwtClaims } from "./jwt.ts";
import type { ApiKeys, ProjectKey } from "./keys.ts";
import type { LocalResend } from "./local-resend.ts";
import type { Outbox } from "./outbox.ts";
import type { ProjectConfig } from "./project-config.ts";
import type { SchemaCache } from "./schema-cache.ts";
import type { JwtKeys } from "./signing-keys.ts";
import type { ObjectFiles } from "./storage/files.ts";

export interface AppDependencies {
  db: Db;
  schemaCache: SchemaCache;
  apiKeys: ApiKeys;
  /** Signs access tokens (ES256) and verifies them (ES256 by kid, legacy HS256). */
  jwtKeys: JwtKeys;
  /** supabase/config.toml: verify_jwt per function. */
  config: ProjectConfig;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  /** The stack's base URL; known only once the server listens, hence a function. */
  publicUrl: () => string;
  /** The local site: Auth's SiteURL, the base of its e-mails' links and redirects. */
  siteUrl: string;
  /** Auth's limits per client address, one per route group. */
  authLimits: AuthLimits;
  /** Runs each function in its own Deno process. */
  functionRunner: FunctionRunner;
  /** The mail the functions sent through the local Resend endpoint, and Auth's e-mails. */
  outbox: Outbox;
  /** The Resend stand-in: its endpoints, faults and webhook events. */
  localResend: LocalResend;
  /** The bytes of Storage's objects (their rows are in storage.objects). */
  objectFiles: ObjectFiles;
  log: (line: string) => void;
}

/** What the Authorization header stands for, as the gateway reads it. */
export type Bearer =
  /** A publishable or secret key, standing for its role. */
  | { kind: "key"; claims: JwtClaims }
  /** Anything else, verified by the service behind the gateway. */
  | { kind: "jwt"; token: string };

/** The gateway's view of a request that passed its checks. */
export interface GatewayPass {
  apikey: ProjectKey;
  /** What Authorization carries; null without the header. */
  bearer: Bearer | null;
}

/** Who is calling, verified. */
export interface Caller {
  role: string;
  claims: JwtClaims;
}

export interface AppEnv {
  /** Set by @hono/node-server; absent under app.request(). */
  Bindings: Partial<HttpBindings>;
  Variables: {
    dependencies: AppDependencies;
    /** /rest/v1, /__local and Storage's uploads: who is calling, verified. */
    caller: Caller;
    /** /auth/v1: the gateway's view of the request; Auth verifies a JWT itself. */
    gateway: GatewayPass;
  };
}

export type AppContext = Context<AppEnv>;

const LOOPBACK = new Set(["127.0.0.1", "::1"]);

/** A dual-stack socket reports an IPv4 client as ::ffff:a.b.c.d; Cloudflare reports a.b.c.d. */
const withoutIpv4Mapping = (address: string) =>
  address.replace(/^::ffff:(?=\d{1,3}(?:\.\d{1,3}){3}$)/i, "");

function firstForwardedAddress(context: AppContext): string | undefined {
  return context.req.header("x-forwarded-for")?.split(",")[0]?.trim() || undefined;
}

/**
 * The client's network address, for Auth's limits: the first X-Forwarded-For entry when the
 * request comes from this machine (as from a trusted proxy in front of Auth), else the socket's.
 */
export function clientAddress(context: AppContext): string {
  const remoteAddress = context.env?.incoming?.socket?.remoteAddress;
  if (!remoteAddress) return "unknown";
  const socketAddress = withoutIpv4Mapping(remoteAddress);
  const forwarded = firstForwardedAddress(context);
  return LOOPBACK.has(socketAddress) && forwarded ? forwarded : socketAddress;
}

/**
 * The address hosted Supabase's Cloudflare puts in CF-Connecting-IP: clientAddress. Without a
 * socket (app.request()) the caller is in-process, as trusted as a proxy, so X-Forwarded-For's
 * first entry stands in; with neither, null: leaving the header out lets SQL see that it cannot
 * tell visitors apart, where a made-up "unknown" would lump every caller under one address.
 */
export function connectingAddress(context: AppContext): string | null {
  if (context.env?.incoming?.socket?.remoteAddress) return clientAddress(context);
  return firstForwardedAddress(context) ?? null;
}
