import { useLocation } from "react-router";
import { languages } from "@shared/languages.ts";
import {
  hreflangAlternates,
  publicRoutes,
  pathFor,
  type LanguageVersions,
  type Locale,
  type PublicRouteId,
} from "@/config/routes";
import { site } from "@/config/site";
import { useI18n } from "@/i18n";

interface PageMetaProps {
  id: PublicRouteId;
  /** Overrides the route's own title and description (a blog post, say). */
  title?: string;
  description?: string;
  /** Social preview image, absolute or site-relative (default: the site's own). */
  image?: string | null;
  type?: "website" | "article";
  /** The page's own versions in every language, when its route cannot tell them (a post). */
  languageVersions?: LanguageVersions | null;
  /** An article's first publication, ISO 8601. */
  publishedTime?: string;
  noindex?: boolean;
}

const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${site.url}${path}`);

/**
 * The head of a public page: title, description, canonical address, language alternates and
 * social previews, hoisted into <head> by React (and prerendered with the page).
 */
export function PageMeta({
  id,
  title,
  description,
  image,
  type = "website",
  languageVersions = null,
  publishedTime,
  noindex = false,
}: PageMetaProps) {
  const { locale, t } = useI18n();
  const { pathname } = useLocation();
  const fullTitle = `${title ?? t.meta[id].title} | ${site.name}`;
  const summary = description ?? t.meta[id].description;
  const canonical = absolute(pathname.replace(/(.)\/+$/, "$1"));
  // Pages that exist in every language name each other, and so do a post and its published
  // translations; a post alone, written in one language, names itself in its own.
  const pathIn = publicRoutes[id].indexable
    ? (alternate: Locale) => pathFor(id, alternate)
    : languageVersions && ((alternate: Locale) => languageVersions[alternate]);
  const alternates = pathIn
    ? hreflangAlternates(pathIn, absolute)
    : type === "article"
      ? [{ hrefLang: languages.lang[locale], href: canonical }]
      : [];
  const previewImage = absolute(image || site.socialImage);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={summary} />
      {noindex && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={canonical} />
      {alternates.map((alternate) => (
        <link
          key={alternate.hrefLang}
          rel="alternate"
          hrefLang={alternate.hrefLang}
          href={alternate.href}
        />
      ))}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={summary} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={languages.ogLocale[locale]} />
      <meta property="og:image" content={previewImage} />
      {publishedTime && <meta property="article:published_time" content={publishedTime} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={summary} />
      <meta name="twitter:image" content={previewImage} />
    </>
  );
}
