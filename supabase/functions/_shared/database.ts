// The project's REST API with the secret key: table requests and database functions.
import { HttpError } from "./http-error.ts";
import { secretKeyOf } from "./keys.ts";
import type { FunctionContext } from "./types.ts";

const UPSTREAM_TIMEOUT_MS = 10_000;

export interface Database {
  url: string;
  secretKey: string;
}

export function readDatabase(ctx: FunctionContext): Database {
  const url = ctx.env.get("SUPABASE_URL")?.trim();
  const secretKey = secretKeyOf(ctx.env)?.trim();
  if (!url || !secretKey) {
    throw new HttpError(500, "SUPABASE_URL and SUPABASE_SECRET_KEYS must be configured.");
  }
  return { url: url.replace(/\/+$/, ""), secretKey };
}

/** A request to /rest/v1/<path>; the answer's JSON (null for 204), or a 502. */
export async function restRequest(
  ctx: FunctionContext,
  database: Database,
  path: string,
  init: { method: string; body?: unknown; prefer?: string },
): Promise<unknown> {
  let response: Response;
  try {
    response = await ctx.fetch(`${database.url}/rest/v1/${path}`, {
      method: init.method,
      // The same key in both headers: the form the gateway accepts for secret keys and legacy JWTs.
      headers: {
        apikey: database.secretKey,
        Authorization: `Bearer ${database.secretKey}`,
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(init.prefer ? { Prefer: init.prefer } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(502, "Could not reach the database.");
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpError(502, `The database answered ${response.status}.`);
  }
  return response.status === 204 ? null : response.json();
}

/** Calls a database function (POST /rest/v1/rpc/<name>). */
export function callDatabaseFunction(
  ctx: FunctionContext,
  database: Database,
  name: string,
  args: Record<string, unknown> = {},
): Promise<unknown> {
  return restRequest(ctx, database, `rpc/${name}`, { method: "POST", body: args });
}
