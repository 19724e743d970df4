import { dehydrate, type DehydratedState } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { AppProviders } from "./app/app-providers";
import { locales, type LanguageVersions } from "./config/routes";
import { loadDictionary } from "./i18n";
import { prefetchRouteData } from "./app/prefetch-route-data";
import { AppRoutes, preloadPage } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { loadDeferredComponents } from "./lib/deferred-component";
import { provideSanitizerWindow } from "./lib/sanitize-html";

export { provideSanitizerWindow };
// What the prerender (scripts/prerender.ts) and the dev server's site files
// (scripts/lib/development-site-files.ts) need besides pages, compiled with the same
// configuration as the site: Node tooling reads the site through this module alone.
export { env } from "./config/env";
export { site } from "./config/site";
export { loadDictionary };
export {
  defaultLocale,
  feedPath,
  localeFromPath,
  locales,
  pathFor,
  publicRouteIds,
  publicRoutes,
  staffRoutes,
} from "./config/routes";
export { readPublishedPosts } from "./features/posts/api/read-published-posts";
export { postPath, postsLanguageVersions, siteFilePaths, siteFiles } from "./app/site-files";

export interface RenderedPage {
  /** The HTML React renders into #root. */
  html: string;
  /** Document-level tags (title, meta, link) the page asked for, hoisted into <head>. */
  head: string;
  /** The query cache the page was rendered with, for the client to hydrate from. */
  state: DehydratedState;
  /** The language versions its data names (a translated post), for the client to hydrate with. */
  languageVersions: LanguageVersions | null;
  status: number;
}

/** Renders one path of the site to HTML, as the browser's first render will. */
export async function render(url: string): Promise<RenderedPage> {
  const { pathname } = new URL(url);
  const [found] = await Promise.all([
    preloadPage(pathname),
    ...locales.map((locale) => loadDictionary(locale)),
  ]);
  await loadDeferredComponents();
  const queryClient = createQueryClient();
  const languageVersions = await prefetchRouteData(pathname, queryClient);
  const markup = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient} languageVersions={languageVersions}>
        <StaticRouter location={pathname}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  // React emits the hoistable tags of a body-only render ahead of the markup.
  const [, head = "", html = ""] =
    /^((?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*)([\s\S]*)$/.exec(markup) ?? [];
  return {
    html,
    head,
    state: dehydrate(queryClient),
    languageVersions,
    status: found ? 200 : 404,
  };
}
