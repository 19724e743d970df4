// The site's machine-readable files, built from the route table and the published posts:
// sitemap.xml, robots.txt and one RSS feed per language. The server bundle exports them
// (src/entry-server.tsx): the prerender writes them into dist/ (in full, and again on every
// refresh), and the dev server serves them from the same code.
import { languages } from "@shared/languages.ts";
import { postLanguageVersions } from "@/config/post-language-versions";
import {
  feedPath,
  hreflangAlternates,
  locales,
  pathFor,
  publicRouteIds,
  publicRoutes,
  robotsTxtPath,
  sitemapXmlPath,
  staffRoutes,
  type LanguageVersions,
  type Locale,
} from "@/config/routes";
import type { PublishedPost } from "@/features/posts/api/read-published-posts";
import type { Dictionary } from "@/i18n";

export const postPath = (post: Pick<PublishedPost, "language" | "slug">) =>
  pathFor("blogPost", post.language, { slug: post.slug });

/**
 * Each published post's language versions: with its published translations (the posts of its
 * translation group), or null for a post alone. Visitors read no other post, so neither does
 * this: the pages name the same versions.
 */
export function postsLanguageVersions(
  posts: readonly PublishedPost[],
): Map<PublishedPost, LanguageVersions | null> {
  const groups = new Map<string, PublishedPost[]>();
  for (const post of posts) {
    groups.set(post.translation_group, [...(groups.get(post.translation_group) ?? []), post]);
  }
  return new Map(
    posts.map((post) => [post, postLanguageVersions(groups.get(post.translation_group) ?? [])]),
  );
}

/** The site paths siteFiles() makes. */
export const siteFilePaths = [sitemapXmlPath, robotsTxtPath, ...locales.map(feedPath)];

export interface SiteFileSources {
  siteUrl: string;
  siteName: string;
  posts: PublishedPost[];
  /** Each language's dictionary: the feed's title and description. */
  dictionaries: Record<Locale, Pick<Dictionary, "blog">>;
}

const xml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );

function sitemap(absolute: (pathname: string) => string, posts: PublishedPost[]): string {
  const alternates = (pathIn: ((locale: Locale) => string) | null) =>
    pathIn
      ? hreflangAlternates(pathIn, absolute)
          .map(
            ({ hrefLang, href }) =>
              `<xhtml:link rel="alternate" hreflang="${hrefLang}" href="${xml(href)}"/>`,
          )
          .join("")
      : "";
  const pageEntries = publicRouteIds
    .filter((id) => publicRoutes[id].indexable)
    .flatMap((id) =>
      locales.map(
        (locale) =>
          `<url><loc>${xml(absolute(pathFor(id, locale)))}</loc>${alternates((alternate) => pathFor(id, alternate))}</url>`,
      ),
    );
  const versions = postsLanguageVersions(posts);
  const postEntries = posts.map((post) => {
    const named = versions.get(post);
    return `<url><loc>${xml(absolute(postPath(post)))}</loc><lastmod>${post.updated_at.slice(0, 10)}</lastmod>${alternates(named ? (locale) => named[locale] : null)}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${[...pageEntries, ...postEntries].join("\n")}\n</urlset>\n`;
}

function robots(absolute: (pathname: string) => string): string {
  return [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${staffRoutes.admin}`,
    `Disallow: ${staffRoutes.blogEditor.replace(/:id$/, "")}`,
    "",
    `Sitemap: ${absolute(sitemapXmlPath)}`,
    "",
  ].join("\n");
}

function feed(
  absolute: (pathname: string) => string,
  locale: Locale,
  posts: PublishedPost[],
  text: Dictionary["blog"]["feed"],
  siteName: string,
): string {
  const items = posts
    .filter((post) => post.language === locale)
    .slice(0, 20)
    .map((post) => {
      const link = absolute(postPath(post));
      return `<item><title>${xml(post.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${new Date(post.published_at).toUTCString()}</pubDate>${post.excerpt ? `<description>${xml(post.excerpt)}</description>` : ""}</item>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(text.title(siteName))}</title><link>${xml(absolute(pathFor("blog", locale)))}</link><description>${xml(text.description(siteName))}</description><language>${languages.lang[locale]}</language><atom:link href="${xml(absolute(feedPath(locale)))}" rel="self" type="application/rss+xml"/>\n${items.join("\n")}\n</channel></rss>\n`;
}

/** Each file by its site path (`/sitemap.xml`, `/robots.txt`, `/blog/rss.xml`, …). */
export function siteFiles({
  siteUrl,
  siteName,
  posts,
  dictionaries,
}: SiteFileSources): Record<string, string> {
  const absolute = (pathname: string) => `${siteUrl}${pathname}`;
  return {
    [sitemapXmlPath]: sitemap(absolute, posts),
    [robotsTxtPath]: robots(absolute),
    ...Object.fromEntries(
      locales.map((locale) => [
        feedPath(locale),
        feed(absolute, locale, posts, dictionaries[locale].blog.feed, siteName),
      ]),
    ),
  };
}
