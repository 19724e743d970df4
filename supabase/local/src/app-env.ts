// What every route can reach through its Hono context: the stack's services (set once per
// request by createApp) and, behind the API-key check, the caller.
import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import type { SignInLimiter } from "./auth/rate-limit.ts";
import type { Db } from "./db.ts";
import type { FunctionRunner, Outbox } from "./functions.ts";
import type { Caller } from "./keys.ts";
import type { SchemaCache } from "./schema-cache.ts";

export interface AppDependencies {
  db: Db;
  schemaCache: SchemaCache;
  jwtSecret: string;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  /** The stack's base URL; known only once the server listens, hence a function. */
  publicUrl: () => string;
  signInLimiter: SignInLimiter;
  functionRunner: FunctionRunner;
  outbox: Outbox;
  log: (line: string) => void;
}

export interface AppEnv {
  /** Set by @hono/node-server; absent under app.request(). */
  Bindings: Partial<HttpBindings>;
  Variables: {
    dependencies: AppDependencies;
    caller: Caller;
  };
}

export type AppContext = Context<AppEnv>;

/** The client's network address, for the sign-in rate limit. */
export function clientAddress(context: AppContext): string {
  return context.env?.incoming?.socket?.remoteAddress ?? "unknown";
}
