import { dehydrate, type DehydratedState } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/app-providers";
import { prefetchRouteData } from "./app/prefetch-route-data";
import { routeObjects } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { provideSanitizerWindow } from "./lib/sanitize-html";

export { provideSanitizerWindow };

export interface RenderedPage {
  /** The HTML React renders into #root. */
  html: string;
  /** Document-level tags (title, meta, link) the page asked for, hoisted into <head>. */
  head: string;
  /** The query cache the page was rendered with, for the client to hydrate from. */
  state: DehydratedState;
  status: number;
}

const handler = createStaticHandler(routeObjects);

/** Renders one path of the site to HTML, as the browser's first render will. */
export async function render(url: string): Promise<RenderedPage> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    throw new Error(`${url} redirects to ${context.headers.get("Location")}`);
  }
  const queryClient = createQueryClient();
  await prefetchRouteData(new URL(url).pathname, queryClient);
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  // React emits the hoistable tags of a body-only render ahead of the markup.
  const [, head = "", html = ""] =
    /^((?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*)([\s\S]*)$/.exec(markup) ?? [];
  return { html, head, state: dehydrate(queryClient), status: context.statusCode };
}
