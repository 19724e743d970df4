// The site's public configuration (VITE_*), checked before anything is built: a production
// build names a real Supabase project and a real public address, or stops; development and
// `--mode local-stack` builds fill what is unset from the local stack (supabase/config.toml).
import { contactPlaceholders, type ContactSetting } from "../../shared/site.ts";
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from "../../supabase/local/src/config.ts";
import { isOnThisMachine, localSite } from "../../supabase/local/src/local-site.ts";
import type { ProjectConfig } from "../../supabase/local/src/project-config.ts";

export type SiteEnvironment = Record<string, string | undefined>;

/** The value trimmed, or undefined when it is unset or blank. */
export const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The local stack's values for whatever the environment leaves unset. */
export function localStackDefaults(given: SiteEnvironment, config: ProjectConfig): SiteEnvironment {
  const publicKey =
    present(given.VITE_SUPABASE_PUBLISHABLE_KEY) ?? present(given.VITE_SUPABASE_ANON_KEY);
  return {
    VITE_SUPABASE_URL: present(given.VITE_SUPABASE_URL) ?? `http://127.0.0.1:${config.apiPort}`,
    ...(publicKey ? {} : { VITE_SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY }),
    VITE_SITE_URL: present(given.VITE_SITE_URL) ?? localSite({ configured: config.siteUrl }).url,
  };
}

/** Why a production build must not use these values, in one line; null when they are fine. */
export function productionBuildProblem(given: SiteEnvironment): string | null {
  const supabaseUrl = present(given.VITE_SUPABASE_URL);
  const publicKey =
    present(given.VITE_SUPABASE_PUBLISHABLE_KEY) ?? present(given.VITE_SUPABASE_ANON_KEY);
  const siteUrl = present(given.VITE_SITE_URL);
  const fix =
    "set it in the environment or .env (npm run build:local builds against the local stack)";
  if (!supabaseUrl) return `VITE_SUPABASE_URL is not set: ${fix}`;
  if (!URL.canParse(supabaseUrl)) return `VITE_SUPABASE_URL is not a URL (${supabaseUrl})`;
  if (isOnThisMachine(supabaseUrl))
    return `VITE_SUPABASE_URL names this machine (${supabaseUrl}): ${fix}`;
  if (!publicKey)
    return `VITE_SUPABASE_PUBLISHABLE_KEY (or VITE_SUPABASE_ANON_KEY) is not set: ${fix}`;
  if (publicKey === LOCAL_PUBLISHABLE_KEY || publicKey === LOCAL_ANON_KEY)
    return `the Supabase key is the local stack's: ${fix}`;
  if (!siteUrl) return `VITE_SITE_URL is not set: ${fix}`;
  if (!URL.canParse(siteUrl)) return `VITE_SITE_URL is not a URL (${siteUrl})`;
  if (isOnThisMachine(siteUrl)) return `VITE_SITE_URL names this machine (${siteUrl}): ${fix}`;
  // An https:// page may not call an http:// API: the browser would block every request.
  if (new URL(siteUrl).protocol === "https:" && new URL(supabaseUrl).protocol === "http:")
    return `VITE_SUPABASE_URL is http:// (${supabaseUrl}) but the site is https:// (${siteUrl}), whose browsers refuse to call it: use the project's https:// address`;
  return null;
}

const isEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isHttpsUrl = (value: string) => URL.canParse(value) && new URL(value).protocol === "https:";

interface ContactCheck {
  valid: (value: string) => boolean;
  shape: string;
}

const contactChecks: Record<ContactSetting, ContactCheck> = {
  VITE_CONTACT_EMAIL: { valid: isEmail, shape: "an e-mail address" },
  VITE_CALENDAR_URL: { valid: isHttpsUrl, shape: "an https:// address" },
  VITE_LINKEDIN_URL: { valid: isHttpsUrl, shape: "an https:// address" },
};

/**
 * One line for each contact setting the build leaves to its placeholder (shared/site.ts
 * shows an example.com address instead) or that does not look like what it names. A warning,
 * not a refusal: the site works, but visitors reach no one through that link.
 */
export function contactSettingWarnings(given: SiteEnvironment): string[] {
  return (Object.keys(contactPlaceholders) as ContactSetting[]).flatMap((name) => {
    const value = present(given[name]);
    const { valid, shape } = contactChecks[name];
    if (!value) {
      return [
        `${name} is not set: the site shows the placeholder ${contactPlaceholders[name]}; set it in the environment or .env`,
      ];
    }
    return valid(value) ? [] : [`${name} is not ${shape} (${value})`];
  });
}
