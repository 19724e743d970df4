import { generatePath, matchPath } from "react-router";
import {
  defaultLanguage as defaultLocale,
  languageCodes as locales,
  languages,
  type Language as Locale,
} from "@shared/languages.ts";
import { blogPaths } from "@shared/blog-paths.ts";
import { newsletterPages } from "@shared/newsletter-pages.ts";

/** The site's languages (shared/languages.ts), the default one first, under the site's names. */
export { defaultLocale, locales, type Locale };

interface PublicRoute {
  paths: Record<Locale, string>;
  /**
   * The route the language toggle lands on instead of this one, unless the page names its own
   * language versions (a post whose translation is published: `post-language-versions.ts`).
   */
  switchTo?: PublicRouteId;
  /** Listed in sitemap.xml and given hreflang alternates. */
  indexable: boolean;
}

export const publicRouteIds = [
  "home",
  "services",
  "caseStudies",
  "about",
  "contact",
  "blog",
  "blogPost",
  "thankYou",
  "privacy",
  "sitemap",
  "newsletterConfirm",
  "newsletterUnsubscribe",
] as const;

export type PublicRouteId = (typeof publicRouteIds)[number];

// THE route table: the router, navigation, language toggle, sitemap page, sitemap.xml and
// hreflang tags all read it. No path string is written anywhere else. Each path of a language
// starts with its prefix (shared/languages.ts): that is how a path tells its language.
export const publicRoutes: Record<PublicRouteId, PublicRoute> = {
  home: { paths: { en: "/", fr: "/fr" }, indexable: true },
  services: { paths: { en: "/services", fr: "/fr/services" }, indexable: true },
  caseStudies: { paths: { en: "/case-studies", fr: "/fr/etudes-de-cas" }, indexable: true },
  about: { paths: { en: "/about", fr: "/fr/a-propos" }, indexable: true },
  contact: { paths: { en: "/contact", fr: "/fr/contact" }, indexable: true },
  // The blog's paths are shared with the newsletter e-mail, which links to its post.
  blog: { paths: blogPaths.list, indexable: true },
  blogPost: {
    paths: blogPaths.post,
    switchTo: "blog",
    indexable: false,
  },
  thankYou: { paths: { en: "/thank-you", fr: "/fr/thank-you" }, indexable: false },
  privacy: { paths: { en: "/privacy", fr: "/fr/confidentialite" }, indexable: true },
  sitemap: { paths: { en: "/sitemap", fr: "/fr/plan-du-site" }, indexable: true },
  // The links of newsletter e-mails; the newsletter function builds them from the same list.
  newsletterConfirm: { paths: newsletterPages.confirm, indexable: false },
  newsletterUnsubscribe: { paths: newsletterPages.unsubscribe, indexable: false },
};

/** Staff routes are English only and never language-prefixed. */
export const staffRoutes = {
  admin: "/admin",
  blogEditor: "/blog-editor/:id",
  // The pages Auth's e-mails link to (supabase/templates): a password reset, an invitation.
  resetPassword: "/admin/reset-password",
  welcome: "/admin/welcome",
} as const;

export type StaffRouteId = keyof typeof staffRoutes;

export const staffRouteIds = Object.keys(staffRoutes) as StaffRouteId[];

export const navRouteIds = [
  "home",
  "services",
  "caseStudies",
  "about",
  "blog",
  "contact",
] as const satisfies readonly PublicRouteId[];

export const footerCompanyRouteIds = [
  "about",
  "caseStudies",
  "blog",
  "contact",
  "privacy",
  "sitemap",
] as const satisfies readonly PublicRouteId[];

export const sitemapMainRouteIds = [
  "home",
  "services",
  "caseStudies",
  "about",
  "contact",
] as const satisfies readonly PublicRouteId[];

export const sitemapContentRouteIds = ["blog"] as const satisfies readonly PublicRouteId[];

export const quickNavRouteIds = [
  "home",
  "services",
  "caseStudies",
  "contact",
] as const satisfies readonly PublicRouteId[];

type Params = Record<string, string>;

export function pathFor(id: PublicRouteId, locale: Locale, params?: Params): string {
  return generatePath(publicRoutes[id].paths[locale], params);
}

export function staffPath(id: StaffRouteId, params?: Params): string {
  return generatePath(staffRoutes[id], params);
}

/** The RSS feed of one language's blog. */
export function feedPath(locale: Locale): string {
  return `${pathFor("blog", locale)}/rss.xml`;
}

/** The id of the free-audit form's section, on each page that has the form (home, services, about). */
export const auditFormSectionId = "free-audit";

/**
 * Where a free-audit call to action leads from a page without the form: the home page's form.
 * The router moves focus into the section on arrival (src/app/router.tsx).
 */
export function auditFormPath(locale: Locale): string {
  return `${pathFor("home", locale)}#${auditFormSectionId}`;
}

export const sitemapXmlPath = "/sitemap.xml";
export const robotsTxtPath = "/robots.txt";

/** The language of a path: the one whose prefix is its first segment, else the default one. */
export function localeFromPath(pathname: string): Locale {
  const prefix = `/${pathname.split("/")[1]}`;
  return locales.find((locale) => languages.prefix[locale] === prefix) ?? defaultLocale;
}

export interface PublicRouteMatch {
  id: PublicRouteId;
  locale: Locale;
  params: Params;
}

export function matchPublicRoute(pathname: string): PublicRouteMatch | null {
  for (const id of publicRouteIds) {
    for (const locale of locales) {
      const match = matchPath({ path: publicRoutes[id].paths[locale], end: true }, pathname);
      if (match) return { id, locale, params: match.params as Params };
    }
  }
  return null;
}

export function isStaffPath(pathname: string): boolean {
  return Object.values(staffRoutes).some((path) => matchPath({ path, end: true }, pathname));
}

/** A page's path in each language: what its hreflang alternates and the language toggle name. */
export type LanguageVersions = Readonly<Record<Locale, string>>;

/**
 * The hreflang alternates of a page in every language (`pathIn` each language), each one and
 * x-default (the default language), as `absolute` addresses.
 */
export function hreflangAlternates(
  pathIn: (locale: Locale) => string,
  absolute: (path: string) => string,
): { hrefLang: string; href: string }[] {
  return [
    ...locales.map((locale) => ({
      hrefLang: languages.lang[locale],
      href: absolute(pathIn(locale)),
    })),
    { hrefLang: "x-default", href: absolute(pathIn(defaultLocale)) },
  ];
}

/**
 * Where the language toggle leads from `pathname` (docs/ARCHITECTURE.md, decision 3): to the
 * page's own version in `target` when `named` (the versions a page named) holds `pathname`, or
 * else to the route's.
 */
export function switchLocalePath(
  pathname: string,
  target: Locale,
  named?: LanguageVersions | null,
): string {
  if (named && named[localeFromPath(pathname)] === pathname) return named[target];
  if (isStaffPath(pathname)) return pathname;
  const match = matchPublicRoute(pathname);
  if (!match) return pathFor("home", target);
  const route = publicRoutes[match.id];
  if (route.switchTo) return pathFor(route.switchTo, target);
  return pathFor(match.id, target, match.params);
}
