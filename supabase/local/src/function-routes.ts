// /functions/v1/<name>: the project's Edge Functions, each in its own Deno process
// (functions.ts), behind the gateway's checks for functions.
// A missing apikey is let through (a function may be public); a present one must be valid.
// With verify_jwt on (supabase/config.toml, on by default) Authorization must hold a valid JWT.
// OPTIONS is never checked: a browser's preflight carries no credentials.
import { Hono } from "hono";
import type { AppContext, AppEnv } from "./app-env.ts";
import { checkApiKey, checkBearerKey, GatewayError } from "./gateway.ts";
import { apiKeyOf, bearerToken, isOpaqueApiKey } from "./keys.ts";
import { verifiesJwt } from "./project-config.ts";

const invalidJwt = () => new GatewayError("Invalid JWT", null, "UNAUTHORIZED_INVALID_JWT_FORMAT");

function checkFunctionCall(context: AppContext, name: string): void {
  const { apiKeys, config, functionRunner, jwtKeys } = context.var.dependencies;
  const headers = context.req.raw.headers;
  const value = apiKeyOf(headers, new URL(context.req.url));
  const apikey = value === null ? null : checkApiKey(value, headers, apiKeys);
  const token = bearerToken(headers);
  checkBearerKey(token, apikey);
  // An unknown function is answered 404 by the runner, whatever its credentials.
  if (!functionRunner.entryFile(name) || !verifiesJwt(config, name)) return;
  if (!headers.get("authorization")) {
    throw new GatewayError("Missing authorization header", null, "UNAUTHORIZED_NO_AUTH_HEADER");
  }
  if (!token || isOpaqueApiKey(token)) throw invalidJwt();
  try {
    jwtKeys.verify(token);
  } catch {
    throw invalidJwt();
  }
}

export const functionRoutes = new Hono<AppEnv>().all("/functions/v1/:name{.+}", (context) => {
  const name = context.req.param("name").split("/")[0]!;
  if (context.req.method !== "OPTIONS") checkFunctionCall(context, name);
  // As on hosted Supabase, the function sees its own name as the first path segment.
  const url = new URL(context.req.url);
  const functionPath = url.pathname.slice("/functions/v1".length) + url.search;
  return context.var.dependencies.functionRunner.run(name, context.req.raw, functionPath);
});
