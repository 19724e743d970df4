// Kept apart from the route table, which every page loads: only post pages, the prerender and
// sitemap.xml need it.
import { locales, pathFor, type LanguageVersions, type Locale } from "./routes";

/** Where a post is: its language and slug. */
export interface PostAddress {
  language: string;
  slug: string;
}

/**
 * The language versions of a post and its translations, when there is one in every language
 * (each written and published on its own); null otherwise: a post alone names only itself.
 */
export function postLanguageVersions(
  posts: readonly (PostAddress | null)[],
): LanguageVersions | null {
  const versions: Partial<Record<Locale, string>> = {};
  for (const post of posts) {
    const locale = locales.find((candidate) => candidate === post?.language);
    if (post && locale) versions[locale] = pathFor("blogPost", locale, { slug: post.slug });
  }
  return locales.every((locale) => versions[locale]) ? (versions as LanguageVersions) : null;
}
