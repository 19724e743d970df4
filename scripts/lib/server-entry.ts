import type { Language } from "../../shared/languages.ts";

// The server bundle's contract, src/entry-server.tsx: everything the prerender and the dev
// server's site files know of the site comes from it (scripts/ imports nothing from src/), built
// or loaded by Vite with the site's configuration. Spelled out here: the modules read Vite's
// import.meta.env and JSX, which the scripts' type check does not know.
export interface PublishedPost {
  slug: string;
  language: Language;
  updated_at: string;
}
export interface ServerEntry {
  render(url: string): Promise<{
    html: string;
    head: string;
    state: unknown;
    languageVersions: unknown;
    status: number;
  }>;
  provideSanitizerWindow(window: unknown): void;
  env: { supabaseUrl: string; siteUrl: string };
  site: { name: string };
  /** A language's dictionary, which siteFiles() takes back as it is. */
  loadDictionary(locale: Language): Promise<unknown>;
  // The route table (src/config/routes.ts).
  defaultLocale: Language;
  locales: readonly Language[];
  localeFromPath(pathname: string): Language;
  pathFor(id: string, locale: Language): string;
  publicRouteIds: readonly string[];
  publicRoutes: Record<string, { paths: Record<Language, string> }>;
  staffRoutes: { admin: string; blogEditor: string; resetPassword: string; welcome: string };
  // The published posts and the site's files (src/app/site-files.ts).
  readPublishedPosts(): Promise<PublishedPost[]>;
  postPath(post: PublishedPost): string;
  postsLanguageVersions(
    posts: readonly PublishedPost[],
  ): Map<PublishedPost, Record<Language, string> | null>;
  /** The paths of the site's files (sitemap.xml, robots.txt, the feeds). */
  siteFilePaths: readonly string[];
  siteFiles(sources: {
    siteUrl: string;
    siteName: string;
    posts: PublishedPost[];
    dictionaries: Record<Language, unknown>;
  }): Record<string, string>;
}
