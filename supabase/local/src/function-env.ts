// What a function's Deno process finds in Deno.env: the variables hosted Supabase sets, the
// function secrets (LOCAL_FUNCTION_ENV defaults, the local Resend webhook secret among them, the
// e-mail senders named after the brand, the stack's own environment, then
// supabase/functions/.env), SITE_URL set to the local site and
// SITE_DEPLOY_HOOK_URL to its /__build-hook (production's values, from a shell or a .env, never
// reach a local function; a hook on this machine, a test's stand-in for a host, is kept), and,
// unless a real RESEND_API_KEY is among them, a local Resend key and URL that deliver to the outbox
// instead of the network.
import fs from "node:fs";
import path from "node:path";
import { brand } from "../../../shared/site.ts";
import { LOCAL_FUNCTION_ENV, LOCAL_RESEND_WEBHOOK_SECRET } from "./config.ts";
import type { ApiKeyValues } from "./keys.ts";
import { isOnThisMachine } from "./local-site.ts";
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
   * The local site (local-site.ts: SITE_URL, else [auth] site_url while it names this machine):
   * the SITE_URL secret, whatever the environment or supabase/functions/.env say. On hosted it is
   * a secret the adopter sets; locally the stack knows the site, so nobody has to set it.
   */
  siteUrl: string;
}

/** `name <address>`, the name quoted unless it is plain words. */
const mailbox = (name: string, address: string) =>
  `${/^[\p{L}\p{N} ]+$/u.test(name) ? name : JSON.stringify(name)} <${address}>`;

/**
 * The e-mail senders' local defaults, named after the brand (shared/site.ts). The functions'
 * own defaults name no brand: hosted, the LEAD_NOTIFICATION_FROM and NEWSLETTER_FROM secrets
 * name them.
 */
export const localSenders: Record<string, string> = {
  LEAD_NOTIFICATION_FROM: mailbox(brand.name, "notifications@example.com"),
  NEWSLETTER_FROM: mailbox(brand.name, "newsletter@example.com"),
};

const stackEnvironment = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );

const functionsDotenv = (functionsDir: string) => readDotenv(path.join(functionsDir, ".env"));

/** SITE_DEPLOY_HOOK_URL as supabase/functions/.env, else the environment, gives it (or ""). */
function givenDeployHook(dotenv: Record<string, string>): { value: string; from: string } {
  const fromDotenv = dotenv.SITE_DEPLOY_HOOK_URL?.trim();
  if (fromDotenv) return { value: fromDotenv, from: "supabase/functions/.env" };
  return { value: process.env.SITE_DEPLOY_HOOK_URL?.trim() ?? "", from: "the environment" };
}

/**
 * The settings functionEnv leaves out because they name production, one line each, for the
 * stack to say once at start: a SITE_DEPLOY_HOOK_URL off this machine (a host's real build hook:
 * a local publish would rebuild the live site) and a SITE_URL in supabase/functions/.env.
 */
export function productionSettingsLeftOut(functionsDir: string, siteUrl: string): string[] {
  const notes: string[] = [];
  const dotenv = functionsDotenv(functionsDir);
  const hook = givenDeployHook(dotenv);
  if (hook.value && !isOnThisMachine(hook.value)) {
    notes.push(
      `SITE_DEPLOY_HOOK_URL from ${hook.from} is not on this machine: local functions call ${siteUrl}/__build-hook instead`,
    );
  }
  const dotenvSiteUrl = dotenv.SITE_URL?.trim();
  if (dotenvSiteUrl && dotenvSiteUrl.replace(/\/+$/, "") !== siteUrl) {
    notes.push(
      `SITE_URL in supabase/functions/.env (${dotenvSiteUrl}) is left out: local functions get the local site, ${siteUrl}`,
    );
  }
  return notes;
}

/**
 * The function secrets as given, the last source winning: LOCAL_FUNCTION_ENV, the e-mail senders,
 * the stack's environment, supabase/functions/.env. A blank RESEND_WEBHOOK_SECRET is the local one.
 */
function givenSecrets(dotenv: Record<string, string>): Record<string, string> {
  const secrets = { ...LOCAL_FUNCTION_ENV, ...localSenders, ...stackEnvironment(), ...dotenv };
  if (!secrets.RESEND_WEBHOOK_SECRET?.trim()) {
    secrets.RESEND_WEBHOOK_SECRET = LOCAL_RESEND_WEBHOOK_SECRET;
  }
  return secrets;
}

/** The secret the stack signs Resend's events with: the functions' RESEND_WEBHOOK_SECRET. */
export function resendWebhookSecret(functionsDir: string): string {
  return givenSecrets(functionsDotenv(functionsDir)).RESEND_WEBHOOK_SECRET!;
}

/** The whole environment of one function's process, secrets and hosted variables merged. */
export function functionEnv(sources: FunctionEnvSources): Record<string, string> {
  const siteUrl = sources.siteUrl.replace(/\/+$/, "");
  const dotenv = functionsDotenv(sources.functionsDir);
  const hook = givenDeployHook(dotenv).value;
  const secrets: Record<string, string> = {
    ...givenSecrets(dotenv),
    SITE_URL: siteUrl,
    // The dev server's and the preview server's stand-in for a host's build hook, unless a hook
    // on this machine is given (a test's stand-in for the host).
    SITE_DEPLOY_HOOK_URL: hook && isOnThisMachine(hook) ? hook : `${siteUrl}/__build-hook`,
  };
  if (!secrets.RESEND_API_KEY?.trim()) {
    secrets.RESEND_API_KEY = sources.localResend.apiKey;
    secrets.RESEND_API_URL = sources.localResend.url;
  }
  return { ...secrets, ...sources.hosted };
}
