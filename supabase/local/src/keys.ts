// Who is calling: the apikey header (required, like the hosted gateway) and the bearer JWT.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { ApiError } from "./errors.ts";
import { JwtError, verifyJwt, type JwtClaims } from "./jwt.ts";

export interface Caller {
  role: string;
  claims: JwtClaims;
  token: string;
  apikeyRole: string;
}

const REQUEST_ROLES = ["anon", "authenticated", "service_role"];

/** The token of an `Authorization: Bearer <token>` header, the one parser of it. */
export function bearerToken(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (!authorization) return null;
  const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
  return match ? match[1]!.trim() : null;
}

export function apiKeyOf(headers: Headers, url: URL): string | null {
  return headers.get("apikey") ?? url.searchParams.get("apikey");
}

/** The claims of an anon or service_role key signed with `secret`; null for anything else. */
export function verifyApiKey(apikey: string, secret: string): JwtClaims | null {
  try {
    const claims = verifyJwt(apikey, secret);
    return claims.role === "anon" || claims.role === "service_role" ? claims : null;
  } catch {
    return null;
  }
}

export function isServiceRole(headers: Headers, url: URL, secret: string): boolean {
  return [apiKeyOf(headers, url), bearerToken(headers)].some((token) => {
    if (!token) return false;
    try {
      return verifyJwt(token, secret).role === "service_role";
    } catch {
      return false;
    }
  });
}

function invalidToken(error: unknown): ApiError {
  const expired = error instanceof JwtError && error.expired;
  return new ApiError(
    401,
    expired ? "PGRST303" : "PGRST301",
    expired ? "JWT expired" : (error as Error).message,
    null,
    null,
    {
      "www-authenticate": `Bearer error="invalid_token", error_description="${expired ? "JWT expired" : "invalid token"}"`,
    },
  );
}

/** Checks the apikey, then the bearer token (falling back to the key itself). */
export function resolveCaller(headers: Headers, url: URL, secret: string): Caller {
  const apikey = apiKeyOf(headers, url);
  if (!apikey) {
    throw new ApiError(
      401,
      "PGRST301",
      "No API key found in request",
      null,
      "No `apikey` request header or url param was found.",
    );
  }
  const keyClaims = verifyApiKey(apikey, secret);
  if (!keyClaims) {
    throw new ApiError(
      401,
      "PGRST301",
      "Invalid API key",
      null,
      "Double check your Supabase `anon` or `service_role` API key.",
    );
  }
  const token = bearerToken(headers) ?? apikey;
  let claims: JwtClaims;
  try {
    claims = verifyJwt(token, secret);
  } catch (error) {
    throw invalidToken(error);
  }
  const role = typeof claims.role === "string" && claims.role ? claims.role : "anon";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(role) || !REQUEST_ROLES.includes(role)) {
    throw new ApiError(401, "PGRST301", `JWT role "${role}" is not allowed`, null, null, {
      "www-authenticate": `Bearer error="invalid_token", error_description="role not allowed"`,
    });
  }
  return { role, claims, token, apikeyRole: keyClaims.role as string };
}

/** Route middleware for /rest and /functions: refuses a request without a valid key. */
export const requireCaller = createMiddleware<AppEnv>(async (context, next) => {
  const { jwtSecret } = context.var.dependencies;
  context.set(
    "caller",
    resolveCaller(context.req.raw.headers, new URL(context.req.url), jwtSecret),
  );
  await next();
});
