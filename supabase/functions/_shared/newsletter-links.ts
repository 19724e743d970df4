// The links of every newsletter e-mail: its pages on the site (shared/newsletter-pages.ts), each
// with the link's token, and the newsletter function's one-click unsubscribe (RFC 8058), which
// the List-Unsubscribe headers name so that mail apps can unsubscribe with one POST.
import { NEWSLETTER_TOKEN_PARAMETER } from "@shared/newsletter-pages.ts";

/** A page of the site (`path`) with a link's token. */
export function newsletterPageUrl(siteUrl: string, path: string, token: string): string {
  return `${new URL(path, siteUrl).href}?${NEWSLETTER_TOKEN_PARAMETER}=${encodeURIComponent(token)}`;
}

/** The newsletter function's one-click unsubscribe for a token; `projectUrl` is SUPABASE_URL. */
export function oneClickUnsubscribeUrl(projectUrl: string, token: string): string {
  return `${projectUrl}/functions/v1/newsletter/unsubscribe?${NEWSLETTER_TOKEN_PARAMETER}=${encodeURIComponent(token)}`;
}

/** RFC 2369's List-Unsubscribe with RFC 8058's one-click POST. */
export function unsubscribeHeaders(oneClickUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
