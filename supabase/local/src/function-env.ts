// What a function's Deno process finds in Deno.env: the variables hosted Supabase sets, the
// function secrets (LOCAL_FUNCTION_ENV defaults and SITE_URL, the stack's own environment, then
// supabase/functions/.env), a SITE_DEPLOY_HOOK_URL on the site's local /__build-hook unless one
// is set, and, unless a real RESEND_API_KEY is among them, a local Resend key and URL that
// deliver to the outbox instead of the network.
import fs from "node:fs";
import path from "node:path";
import { LOCAL_FUNCTION_ENV } from "./config.ts";
import type { ApiKeyValues } from "./keys.ts";
import type { Jwks } from "./signing-keys.ts";

/** Reads a dotenv file: KEY=value lines, optional quotes, # comments. */
export function readDotenv(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const variables: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)?\s*$/.exec(line);
    if (!match) continue;
    let value = (match[2] ?? "").trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.indexOf(quote, 1) > 0) {
      value = value.slice(1, value.indexOf(quote, 1));
      if (quote === '"') value = value.replace(/\\n/g, "\n");
    } else value = value.replace(/\s+#.*$/, "");
    variables[match[1]!] = value;
  }
  return variables;
}

/** What hosted Supabase sets for every function, in its hosted form (key sets as JSON). */
export function hostedFunctionEnv(
  url: string,
  keys: ApiKeyValues,
  jwks: Jwks,
): Record<string, string> {
  return {
    SUPABASE_URL: url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(jwks),
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
  };
}

export interface FunctionEnvSources {
  functionsDir: string;
  /** The hosted variables (hostedFunctionEnv): they win over every other source. */
  hosted: Record<string, string>;
  /** The local Resend endpoint and the key that names this function there. */
  localResend: { url: string; apiKey: string };
  /**
   * `[auth] site_url`, the default of the SITE_URL secret: on hosted it is a secret the adopter
   * sets, locally config.toml already names the site, so nobody has to set it twice.
   */
  siteUrl: string;
}

/** The whole environment of one function's process, secrets and hosted variables merged. */
export function functionEnv(sources: FunctionEnvSources): Record<string, string> {
  const stackEnvironment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined) stackEnvironment[name] = value;
  }
  const secrets: Record<string, string> = {
    ...LOCAL_FUNCTION_ENV,
    SITE_URL: sources.siteUrl,
    ...stackEnvironment,
    ...readDotenv(path.join(sources.functionsDir, ".env")),
  };
  // The preview server's and the dev server's stand-in for a host's build hook.
  if (!secrets.SITE_DEPLOY_HOOK_URL?.trim()) {
    secrets.SITE_DEPLOY_HOOK_URL = `${secrets.SITE_URL!.replace(/\/+$/, "")}/__build-hook`;
  }
  if (!secrets.RESEND_API_KEY?.trim()) {
    secrets.RESEND_API_KEY = sources.localResend.apiKey;
    secrets.RESEND_API_URL = sources.localResend.url;
  }
  return { ...secrets, ...sources.hosted };
}
