// The project's APIs as the staff-team function uses them: as the caller (their access token,
// so the database judges what they may do) and as the project (the secret key, for Supabase
// Auth's admin API and the membership records).
import { namedKeys, secretKeyOf } from "../_shared/keys.ts";
import type { FunctionContext } from "../_shared/types.ts";
import { TeamError } from "./team-error.ts";

const UPSTREAM_TIMEOUT_MS = 10_000;

export interface ProjectApi {
  /** A request to the project's API (`/auth/v1/...`, `/rest/v1/...`) as the caller. */
  asCaller(path: string, init?: ApiInit): Promise<ApiAnswer>;
  /** The same with the secret key. */
  asProject(path: string, init?: ApiInit): Promise<ApiAnswer>;
}

export interface ApiInit {
  method?: string;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

function settings(ctx: FunctionContext) {
  const url = ctx.env.get("SUPABASE_URL")?.trim().replace(/\/+$/, "");
  const secretKey = secretKeyOf(ctx.env)?.trim();
  const publicKey =
    namedKeys(ctx.env.get("SUPABASE_PUBLISHABLE_KEYS"))[0] ?? ctx.env.get("SUPABASE_ANON_KEY");
  if (!url || !secretKey || !publicKey) {
    throw new TeamError(500, "not_configured", "The project's URL and keys must be configured.");
  }
  return { url, secretKey, publicKey };
}

async function call(
  ctx: FunctionContext,
  url: string,
  headers: Record<string, string>,
  init: ApiInit,
): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method: init.method ?? "GET",
      headers: {
        ...headers,
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    throw new TeamError(502, "unavailable", "Could not reach the project's API.");
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, ok: response.ok, body };
}

/** The caller's access token from the Authorization header, or a 401. */
function callerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("Authorization") ?? "");
  // A key is not a staff member's session.
  if (!match || match[1]!.startsWith("sb_")) {
    throw new TeamError(401, "not_signed_in", "Sign in to manage the team.");
  }
  return match[1]!;
}

export function projectApi(req: Request, ctx: FunctionContext): ProjectApi {
  const { url, secretKey, publicKey } = settings(ctx);
  const token = callerToken(req);
  return {
    asCaller: (path, init = {}) =>
      call(ctx, `${url}${path}`, { apikey: publicKey, Authorization: `Bearer ${token}` }, init),
    // The same key in both headers: the form the gateway accepts for secret keys and legacy JWTs.
    asProject: (path, init = {}) =>
      call(ctx, `${url}${path}`, { apikey: secretKey, Authorization: `Bearer ${secretKey}` }, init),
  };
}
