// The project's APIs as the staff-team function uses them: as the caller (their access token,
// so the database judges what they may do) and as the project (the secret key, for Supabase
// Auth's admin API and the membership records).
import { secretKeyOf } from "../_shared/keys.ts";
import {
  callerToken,
  callProjectApi,
  publicKeyOf,
  StaffError,
  type ApiAnswer,
  type ApiInit,
} from "../_shared/staff-api.ts";
import type { FunctionContext } from "../_shared/types.ts";

export type { ApiAnswer };

export interface ProjectApi {
  /** A request to the project's API (`/auth/v1/...`, `/rest/v1/...`) as the caller. */
  asCaller(path: string, init?: ApiInit): Promise<ApiAnswer>;
  /** The same with the secret key. */
  asProject(path: string, init?: ApiInit): Promise<ApiAnswer>;
}

function settings(ctx: FunctionContext) {
  const url = ctx.env.get("SUPABASE_URL")?.trim().replace(/\/+$/, "");
  const secretKey = secretKeyOf(ctx.env)?.trim();
  const publicKey = publicKeyOf(ctx.env);
  if (!url || !secretKey || !publicKey) {
    throw new StaffError(500, "not_configured", "The project's URL and keys must be configured.");
  }
  return { url, secretKey, publicKey };
}

export function projectApi(req: Request, ctx: FunctionContext): ProjectApi {
  const { url, secretKey, publicKey } = settings(ctx);
  const token = callerToken(req, "Sign in to manage the team.");
  return {
    asCaller: (path, init) =>
      callProjectApi(
        ctx,
        `${url}${path}`,
        { apikey: publicKey, Authorization: `Bearer ${token}` },
        init,
      ),
    // The same key in both headers: the form the gateway accepts for secret keys and legacy JWTs.
    asProject: (path, init) =>
      callProjectApi(
        ctx,
        `${url}${path}`,
        { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
        init,
      ),
  };
}
