// The pages a newsletter e-mail links to, per language. The site's route table
// (src/config/routes.ts) and the newsletter function both read them: one list of paths.
import type { Language } from "./languages.ts";

export const newsletterPages = {
  confirm: { en: "/newsletter/confirm", fr: "/fr/newsletter/confirmer" },
  unsubscribe: { en: "/newsletter/unsubscribe", fr: "/fr/newsletter/desinscription" },
} as const satisfies Record<"confirm" | "unsubscribe", Record<Language, string>>;

/** The query parameter that carries a link's token. */
export const NEWSLETTER_TOKEN_PARAMETER = "token";
