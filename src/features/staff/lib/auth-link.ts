import { defaultLocale, locales, type Locale } from "@/config/routes";

/** The e-mail links Supabase Auth sends staff: an invitation or a password reset. */
export type AuthLinkType = "invite" | "recovery";

export interface AuthLink {
  /** Null when the link carries none (or not of this page's type): the page says it is broken. */
  tokenHash: string | null;
  locale: Locale;
}

/**
 * What an Auth e-mail's link carries (`?token_hash=…&type=…&lang=…`, the templates in
 * supabase/templates): the token, only for this page's type, and the member's language for the
 * page's words (the default language when missing or unknown).
 */
export function readAuthLink(params: URLSearchParams, type: AuthLinkType): AuthLink {
  const lang = params.get("lang");
  const locale = locales.find((known) => known === lang) ?? defaultLocale;
  const tokenHash = params.get("token_hash")?.trim();
  return { tokenHash: tokenHash && params.get("type") === type ? tokenHash : null, locale };
}
