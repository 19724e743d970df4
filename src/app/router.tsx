import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
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
import { RouteError } from "./routes/route-error";

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
};

const staffPages: Record<StaffRouteId, PageModule> = {
  admin: () => import("./routes/admin"),
  blogEditor: () => import("./routes/blog-editor"),
};

function lazyPage(load: PageModule): RouteObject["lazy"] {
  return async () => ({ Component: (await load()).default });
}

export const routeObjects: RouteObject[] = [
  {
    element: <Layout banner={<ConsentBanner />} footerLinks={<CookieSettingsLink />} />,
    // Pages are lazy chunks: nothing to show for the instant before the first one arrives.
    HydrateFallback: () => null,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          ...publicRouteIds.flatMap((id) =>
            locales.map((locale) => ({
              path: publicRoutes[id].paths[locale],
              lazy: lazyPage(publicPages[id]),
            })),
          ),
          ...staffRouteIds.map((id) => ({
            path: staffRoutes[id],
            lazy: lazyPage(staffPages[id]),
          })),
          { path: "*", Component: NotFoundPage },
        ],
      },
    ],
  },
];
