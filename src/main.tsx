import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { unstable_HistoryRouter as HistoryRouter } from "react-router";
import { AppProviders } from "./app/app-providers";
import { AppRoutes, preloadPage } from "./app/router";
import { categoryParam } from "./config/blog";
import { localeFromPath, type LanguageVersions } from "./config/routes";
import { loadDictionary } from "./i18n";
import { createGuardedHistory } from "./lib/navigation-blocker";

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
// A promise chain rather than top-level await: with one, Rollup cannot keep the modules the entry
// shares with the page chunks in the entry and scatters them over a dozen small chunks instead.
void Promise.all([
  preloadPage(window.location.pathname),
  loadDictionary(localeFromPath(window.location.pathname)),
]).then(() => {
  // React renders the page's own meta tags into <head>; the prerendered copies go. The <title>
  // stays, so the page is never without one while hydration runs: React takes it over.
  document.head
    .querySelectorAll("[data-prerendered]:not(title)")
    .forEach((element) => element.remove());

  // The data the page was prerendered with seeds the query cache only if the page hydrates. The
  // language versions that data names (where the header's language toggle leads) hold only on
  // the pages they name, whichever page shows.
  if (!hydrate) document.getElementById("query-state")?.remove();
  const languageVersions = JSON.parse(
    container.dataset.languageVersions ?? "null",
  ) as LanguageVersions | null;

  const app = (
    <StrictMode>
      <AppProviders languageVersions={languageVersions}>
        <HistoryRouter history={createGuardedHistory()}>
          <AppRoutes />
        </HistoryRouter>
      </AppProviders>
    </StrictMode>
  );

  if (hydrate) {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
