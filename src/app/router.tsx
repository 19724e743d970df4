import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { matchRoutes, Outlet, Route, Routes, useLocation, useNavigationType } from "react-router";
import { Layout } from "@/components/layout/layout";
import { ConsentBanner } from "@/features/consent/components/consent-banner";
import { CookieSettingsLink } from "@/features/consent/components/cookie-settings-link";
import {
  locales,
  publicRouteIds,
  publicRoutes,
  staffRouteIds,
  staffRoutes,
  type PublicRouteId,
  type StaffRouteId,
} from "@/config/routes";
import NotFoundPage from "./routes/not-found";
import { RouteErrorBoundary } from "./routes/route-error";
import { loadDeferredComponents } from "@/lib/deferred-component";
import { focusLinkedSection } from "@/lib/section-links";
import { getSupabase } from "@/lib/supabase";

type PageModule = () => Promise<{ default: ComponentType }>;

const publicPages: Record<PublicRouteId, PageModule> = {
  home: () => import("./routes/home"),
  services: () => import("./routes/services"),
  caseStudies: () => import("./routes/case-studies"),
  about: () => import("./routes/about"),
  contact: () => import("./routes/contact"),
  blog: () => import("./routes/blog"),
  blogPost: () => import("./routes/blog-post"),
  thankYou: () => import("./routes/thank-you"),
  privacy: () => import("./routes/privacy"),
  sitemap: () => import("./routes/sitemap"),
  newsletterConfirm: () => import("./routes/newsletter-confirm"),
  newsletterUnsubscribe: () => import("./routes/newsletter-unsubscribe"),
};

/**
 * A staff page checks the session before it shows anything: the Supabase client (kept out of
 * the public pages' first load) starts loading with the page's chunk, not once it runs.
 */
function staffPage(load: PageModule): PageModule {
  return () => {
    void getSupabase();
    return load();
  };
}

const staffPages: Record<StaffRouteId, PageModule> = {
  admin: staffPage(() => import("./routes/staff/admin")),
  blogEditor: staffPage(() => import("./routes/staff/blog-editor")),
  resetPassword: staffPage(() => import("./routes/staff/reset-password")),
  welcome: staffPage(() => import("./routes/staff/welcome")),
};

/** A page in its own chunk that can also be loaded ahead, so hydration renders it at once. */
function lazyPage(load: PageModule) {
  let loaded: ComponentType | undefined;
  // On a client-side navigation the page's deferred parts (its forms) come with it.
  const Lazy = lazy(() => load().then(async (page) => (await loadDeferredComponents(), page)));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  const preload = async () => {
    loaded = (await load()).default;
  };
  return { Page, preload };
}

const publicPageRoutes = publicRouteIds.flatMap((id) =>
  locales.map((locale) => ({
    path: publicRoutes[id].paths[locale],
    ...lazyPage(publicPages[id]),
  })),
);
const staffPageRoutes = staffRouteIds.map((id) => ({
  path: staffRoutes[id],
  ...lazyPage(staffPages[id]),
}));
const pages = [...publicPageRoutes, ...staffPageRoutes];

/** Loads the chunk of the page at `pathname`; false when no page matches (the 404). */
export async function preloadPage(pathname: string): Promise<boolean> {
  const page = matchRoutes(pages, pathname)?.[0]?.route;
  await page?.preload();
  return Boolean(page);
}

/**
 * A new page starts at its top, or in the section its link names (a free-audit call to action
 * leads to the form's first field); back and forward leave the browser to restore the position.
 */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === "POP") return;
    window.scrollTo(0, 0);
    focusLinkedSection(hash);
  }, [pathname, hash, navigationType]);
  return null;
}

function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <ScrollToTop />
      {/* Page chunks load inside a transition, so the current page stays until the next is ready. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout banner={<ConsentBanner />} footerLinks={<CookieSettingsLink />} />}>
        <Route element={<PageOutlet />}>
          {publicPageRoutes.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
      {/* The staff pages bring their own shell (in their chunks, never in the public ones). */}
      <Route element={<PageOutlet />}>
        {staffPageRoutes.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Route>
    </Routes>
  );
}
