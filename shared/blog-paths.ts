// The blog's paths per language: the site's route table (src/config/routes.ts) and the
// newsletter e-mail's "Read on the site" link (send-newsletter) both read them.
import type { Language } from "./languages.ts";

export const blogPaths = {
  list: { en: "/blog", fr: "/fr/blog" },
  post: { en: "/blog/:slug", fr: "/fr/blog/:slug" },
} as const satisfies Record<"list" | "post", Record<Language, string>>;

/** A post's public path in its language. */
export function postPath(language: Language, slug: string): string {
  return blogPaths.post[language].replace(":slug", encodeURIComponent(slug));
}
