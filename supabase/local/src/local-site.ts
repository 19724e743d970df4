// The local site: the base of the stack's Auth links, the functions' SITE_URL (newsletter links,
// build.json) and the local build hook (/__build-hook). SITE_URL names it: `npm run dev` sets it
// to the site it starts, the browser tests to their preview. Without it, config.toml's
// [auth] site_url, but only while it names this machine: once an adopter deploys it is the
// production address (README, Deploying, step 3; `supabase config push` sends it), which local
// development must not use.
import { DEFAULT_SITE_PORT } from "./config.ts";

const LOOPBACK_HOST = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** Whether `address` is a URL on this machine (localhost, *.localhost, 127.x.x.x, [::1], 0.0.0.0). */
export function isOnThisMachine(address: string): boolean {
  if (!URL.canParse(address)) return false;
  return LOOPBACK_HOST.test(new URL(address).hostname);
}

export interface LocalSite {
  /** The local site's address, without a trailing slash. */
  url: string;
  /** Where it came from, for the stack's start-up banner. */
  source: "SITE_URL" | "[auth] site_url" | "default";
  /** One line for each address left out because it is not on this machine. */
  notes: string[];
}

export const DEFAULT_LOCAL_SITE_URL = `http://127.0.0.1:${DEFAULT_SITE_PORT}`;

const withoutTrailingSlash = (address: string) => address.trim().replace(/\/+$/, "");

/**
 * `given` (SITE_URL) when it is a URL, else `configured` ([auth] site_url) when it is on this
 * machine, else http://127.0.0.1:5173. What is left out is named in `notes`.
 */
export function localSite({
  given,
  configured,
}: {
  given?: string | undefined;
  configured: string;
}): LocalSite {
  const notes: string[] = [];
  const site = (url: string, source: LocalSite["source"]) => ({
    url: withoutTrailingSlash(url),
    source,
    notes,
  });
  if (given?.trim()) {
    if (URL.canParse(given.trim())) return site(given, "SITE_URL");
    notes.push(`SITE_URL (${given.trim()}) is not a URL: the local stack ignores it`);
  }
  if (isOnThisMachine(configured)) return site(configured, "[auth] site_url");
  notes.push(
    `[auth] site_url of config.toml (${configured}) is production's address (supabase config push sends it): the local stack uses ${DEFAULT_LOCAL_SITE_URL} instead`,
  );
  return site(DEFAULT_LOCAL_SITE_URL, "default");
}
