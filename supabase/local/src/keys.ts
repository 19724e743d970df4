// Who is calling: the apikey header (required, like the hosted gateway) and the bearer JWT.
import { ApiError } from "./errors.ts";
import { JwtError, verifyJwt, type JwtClaims } from "./jwt.ts";

export interface Caller {
  role: string;
  claims: JwtClaims;
  token: string;
  apikeyRole: string;
}

export function bearerToken(headers: Headers): string | null {
  const auth = headers.get("authorization");
  if (!auth) return null;
  const m = /^bearer\s+(.+)$/i.exec(auth.trim());
  return m ? m[1]!.trim() : null;
}

export function apiKeyOf(headers: Headers, url: URL): string | null {
  return headers.get("apikey") ?? url.searchParams.get("apikey");
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
  let keyClaims: JwtClaims;
  try {
    keyClaims = verifyJwt(apikey, secret);
  } catch {
    throw new ApiError(
      401,
      "PGRST301",
      "Invalid API key",
      null,
      "Double check your Supabase `anon` or `service_role` API key.",
    );
  }
  if (keyClaims.role !== "anon" && keyClaims.role !== "service_role") {
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
  } catch (e) {
    const expired = e instanceof JwtError && e.expired;
    throw new ApiError(
      401,
      expired ? "PGRST303" : "PGRST301",
      expired ? "JWT expired" : (e as Error).message,
      null,
      null,
      {
        "www-authenticate": `Bearer error="invalid_token", error_description="${expired ? "JWT expired" : "invalid token"}"`,
      },
    );
  }
  const role = typeof claims.role === "string" && claims.role ? claims.role : "anon";
  if (
    !/^[A-Za-z_][A-Za-z0-9_]*$/.test(role) ||
    !["anon", "authenticated", "service_role"].includes(role)
  ) {
    throw new ApiError(401, "PGRST301", `JWT role "${role}" is not allowed`, null, null, {
      "www-authenticate": `Bearer error="invalid_token", error_description="role not allowed"`,
    });
  }
  return { role, claims, token, apikeyRole: keyClaims.role as string };
}
