// The hosted API gateway in front of /rest/v1, /auth/v1 and /functions/v1: it checks the apikey
// against the project's keys and decides what the Authorization header stands for. A JWT passes
// through to the service, which verifies it; a publishable or secret key in Authorization stands
// for its role (the gateway mints a short-lived JWT with claims {role}).
import { createMiddleware } from "hono/factory";
import type { AppDependencies, AppEnv, Bearer, Caller, GatewayPass } from "./app-env.ts";
import { ApiError } from "./errors.ts";
import { JwtError, type JwtClaims } from "./jwt.ts";
import { apiKeyOf, bearerToken, isOpaqueApiKey, type ApiKeys, type ProjectKey } from "./keys.ts";
import type { JwtKeys } from "./signing-keys.ts";

/** The gateway's refusal: `{message, hint}`, or `{code, message}` for the functions' JWT check. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly hint: string | null,
    readonly code: string | null = null,
  ) {
    super(message);
  }

  body(): Record<string, string | null> {
    return this.code
      ? { code: this.code, message: this.message }
      : { message: this.message, hint: this.hint };
  }
}

const BROWSER_USER_AGENT = /^Mozilla\//;
const REQUEST_ROLES = ["anon", "authenticated", "service_role"];

const noApiKey = () =>
  new GatewayError(
    "No API key found in request",
    "No `apikey` request header or url param was found.",
  );

/** A present apikey must be one of the project's keys, and a secret key is never a browser's. */
export function checkApiKey(value: string, headers: Headers, keys: ApiKeys): ProjectKey {
  const key = keys.find(value);
  if (!key) {
    throw new GatewayError(
      "Invalid API key",
      "Double check your Supabase `anon` or `service_role` API key.",
    );
  }
  if (key.kind === "secret" && BROWSER_USER_AGENT.test(headers.get("user-agent") ?? "")) {
    throw new GatewayError(
      "Forbidden use of secret API key in browser",
      "Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!",
    );
  }
  return key;
}

/** A publishable or secret key in Authorization is allowed only as the apikey itself. */
export function checkBearerKey(token: string | null, apikey: ProjectKey | null): void {
  if (token && isOpaqueApiKey(token) && token !== apikey?.value) {
    throw new GatewayError(
      "Invalid API key",
      "An API key in the `Authorization` header must be the same key as the `apikey`.",
    );
  }
}

/** The gateway's checks for /rest/v1 and /auth/v1: an apikey is required. */
export function passGateway(headers: Headers, url: URL, keys: ApiKeys): GatewayPass {
  const value = apiKeyOf(headers, url);
  if (!value) throw noApiKey();
  const apikey = checkApiKey(value, headers, keys);
  const token = bearerToken(headers);
  checkBearerKey(token, apikey);
  if (token === null) return { apikey, bearer: null };
  const bearer: Bearer = isOpaqueApiKey(token)
    ? { kind: "key", claims: { role: apikey.role } }
    : { kind: "jwt", token };
  return { apikey, bearer };
}

/** PostgREST's refusal: PGRST303 for a claim (expired, not a number ...), PGRST301 otherwise. */
function invalidToken(error: unknown): ApiError {
  const claims = error instanceof JwtError && error.reason !== "token";
  const message = (error as Error).message;
  return new ApiError(401, claims ? "PGRST303" : "PGRST301", message, null, null, {
    "www-authenticate": `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
  });
}

function verifiedClaims(credential: Bearer, jwtKeys: JwtKeys): JwtClaims {
  if (credential.kind === "key") return credential.claims;
  try {
    return jwtKeys.verify(credential.token);
  } catch (error) {
    throw invalidToken(error);
  }
}

/**
 * The caller of a /rest/v1 request, as PostgREST sees it behind the gateway: the JWT in
 * Authorization (a legacy key stands in for a missing one), or the role of a new API key.
 */
export function resolveCaller(headers: Headers, url: URL, dependencies: AppDependencies): Caller {
  const { apikey, bearer } = passGateway(headers, url, dependencies.apiKeys);
  const credential: Bearer =
    bearer ??
    (apikey.kind === "legacy"
      ? { kind: "jwt", token: apikey.value }
      : { kind: "key", claims: { role: apikey.role } });
  const claims = verifiedClaims(credential, dependencies.jwtKeys);
  const role = typeof claims.role === "string" && claims.role ? claims.role : "anon";
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(role) || !REQUEST_ROLES.includes(role)) {
    throw new ApiError(401, "PGRST301", `JWT role "${role}" is not allowed`, null, null, {
      "www-authenticate": `Bearer error="invalid_token", error_description="role not allowed"`,
    });
  }
  return { role, claims };
}

/** Route middleware for /rest/v1 and /__local: the caller, or a refusal. */
export const requireCaller = createMiddleware<AppEnv>(async (context, next) => {
  const url = new URL(context.req.url);
  context.set("caller", resolveCaller(context.req.raw.headers, url, context.var.dependencies));
  await next();
});

/** Route middleware for /auth/v1: the gateway's checks; Auth verifies a JWT itself. */
export const requireApiKey = createMiddleware<AppEnv>(async (context, next) => {
  const url = new URL(context.req.url);
  context.set(
    "gateway",
    passGateway(context.req.raw.headers, url, context.var.dependencies.apiKeys),
  );
  await next();
});
