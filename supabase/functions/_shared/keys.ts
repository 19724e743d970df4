// The project's API keys as hosted Supabase hands them to functions, and the one check that
// lets only the site call: its public key (a publishable key, or the legacy anon key) as apikey.
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

/** Only the site may call: its public key (a publishable key or the anon key) is the apikey. */
export function authoriseSiteCaller(req: Request, env: FunctionEnv): void {
  const publicKeys = [
    ...namedKeys(env.get("SUPABASE_PUBLISHABLE_KEYS")),
    env.get("SUPABASE_ANON_KEY"),
  ].filter((key): key is string => Boolean(key));
  const apikey = req.headers.get("apikey") ?? "";
  if (!publicKeys.some((key) => sameKey(apikey, key))) {
    throw new HttpError(401, "A valid publishable or anon key is required.");
  }
}
