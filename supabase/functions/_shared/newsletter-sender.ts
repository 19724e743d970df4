// Who newsletter e-mails come from and where their links lead: the NEWSLETTER_FROM and SITE_URL
// secrets, and the project's URL for the one-click unsubscribe.
import { HttpError } from "./http-error.ts";
import type { FunctionEnv } from "./types.ts";

// Brand-free: the sender's name, which the e-mails call the newsletter by, comes from the
// NEWSLETTER_FROM secret (the local stack sets one with the brand); without it the site's host
// names it, from a placeholder address on the reserved example domain.
const DEFAULT_ADDRESS = "newsletter@example.com";

export interface NewsletterSender {
  from: string;
  /** The public site's base URL (SITE_URL). */
  siteUrl: string;
  /** The project's URL (SUPABASE_URL), for the one-click unsubscribe POST. */
  projectUrl: string;
}

export function readNewsletterSender(env: FunctionEnv, projectUrl: string): NewsletterSender {
  const siteUrl = env.get("SITE_URL")?.trim();
  if (!siteUrl) throw new HttpError(500, "SITE_URL is not configured.");
  const host = URL.canParse(siteUrl) ? new URL(siteUrl).host : "";
  return {
    from: env.get("NEWSLETTER_FROM")?.trim() || `"${host || "Newsletter"}" <${DEFAULT_ADDRESS}>`,
    siteUrl,
    projectUrl,
  };
}
