// The project's API keys as hosted Supabase hands them to functions, and the one check that
// lets a caller in: the site's public key, or for schedules a secret key, as apikey.
import type { FunctionEnv } from "./types.ts";
import { HttpError } from "./http-error.ts";

/**
 * The values of a keys variable as hosted Supabase sets it, a JSON object of named keys
 * (`{"default":"sb_secret_..."}`), the "default" key first; none when unset or unreadable.
 */
export function namedKeys(json: string | undefined): string[] {
  if (!json) return [];
  try {
    const keys = JSON.parse(json) as Record<string, unknown>;
    const { default: first, ...others } = keys;
    return [first, ...Object.values(others)].filter(
      (key): key is string => typeof key === "string" && key !== "",
    );
  } catch {
    return [];
  }
}

/** A secret key (or the legacy service-role key): reads and writes past row security. */
export function secretKeyOf(env: FunctionEnv): string | undefined {
  return namedKeys(env.get("SUPABASE_SECRET_KEYS"))[0] ?? env.get("SUPABASE_SERVICE_ROLE_KEY");
}

/** Compares in time that does not depend on where the strings differ. */
function sameKey(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}

function hasApikey(req: Request, keys: (string | undefined)[]): boolean {
  const apikey = req.headers.get("apikey") ?? "";
  return keys.some((key) => key && sameKey(apikey, key));
}

/** The request's apikey must be one of `keys`, else a 401 saying what is required. */
function requireApikey(req: Request, keys: (string | undefined)[], required: string): void {
  if (!hasApikey(req, keys)) throw new HttpError(401, required);
}

const secretKeys = (env: FunctionEnv) => [
  ...namedKeys(env.get("SUPABASE_SECRET_KEYS")),
  env.get("SUPABASE_SERVICE_ROLE_KEY"),
];

/** Only the site may call: its public key (a publishable key or the anon key) is the apikey. */
export function authoriseSiteCaller(req: Request, env: FunctionEnv): void {
  requireApikey(
    req,
    [...namedKeys(env.get("SUPABASE_PUBLISHABLE_KEYS")), env.get("SUPABASE_ANON_KEY")],
    "A valid publishable or anon key is required.",
  );
}

/** Only the project's own servers may call (a schedule): a secret key (or service-role key). */
export function authoriseServerCaller(req: Request, env: FunctionEnv): void {
  requireApikey(req, secretKeys(env), "A secret key is required.");
}

/** Whether the project's own servers call (a schedule, with a secret key). */
export function isServerCaller(req: Request, env: FunctionEnv): boolean {
  return hasApikey(req, secretKeys(env));
}
