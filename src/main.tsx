import "./index.css";
import { hydrate as hydrateQueries } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { AppProviders } from "./app/app-providers";
import { routeObjects } from "./app/router";
import { categoryParam } from "./config/blog";
import { createQueryClient } from "./lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// A prerendered page names the path it was rendered for; any other path (the SPA fallback
// serving a staff page, say) is rendered from scratch instead of hydrated.
// Pages are prerendered without a query string; a filtered blog list renders other content.
const prerenderedFor = container.dataset.prerenderedPath;
const hydrate =
  prerenderedFor === window.location.pathname &&
  !new URLSearchParams(window.location.search).has(categoryParam);

// Hydration must see the same tree the server rendered, so the lazy page chunk is loaded first.
const matches = matchRoutes(routeObjects, window.location) ?? [];
await Promise.all(
  matches.map(async ({ route }) => {
    if (typeof route.lazy !== "function") return;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }),
);

// React renders the page's own <title> and meta tags into <head>; the prerendered copies go.
document.head.querySelectorAll("[data-prerendered]").forEach((element) => element.remove());

// The data the page was prerendered with, so the first render matches it exactly.
const queryClient = createQueryClient();
const prerenderedState = document.getElementById("query-state");
if (hydrate && prerenderedState?.textContent) {
  hydrateQueries(queryClient, JSON.parse(prerenderedState.textContent));
  // Data from build time: shown at once, then refreshed in the background.
  void queryClient.invalidateQueries();
}

const router = createBrowserRouter(routeObjects);
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

if (hydrate) {
  hydrateRoot(container, app);
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
