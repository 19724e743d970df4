import { lazy, Suspense } from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { analyticsConfigured } from "../analytics";
import { useStaffPage } from "../use-staff-page";

// Its own chunk: it shows only after hydration (it reads the browser's storage), so no page
// waits for it, and a site without analytics never loads it.
const ConsentBannerPanel = lazy(() =>
  import("./consent-banner-panel").then(({ ConsentBannerPanel }) => ({
    default: ConsentBannerPanel,
  })),
);

/**
 * Asks for consent to analytics, fixed at the bottom of the viewport (it never moves the page).
 * Visibility comes from the browser's storage, read after hydration, never while prerendering.
 */
export function ConsentBanner() {
  const staff = useStaffPage();
  // Nothing before hydration, not even the Suspense boundary: prerendered unfinished, it would
  // make React report an error (#419) while hydrating the page.
  const hydrated = useHydrated();
  if (!analyticsConfigured || staff || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ConsentBannerPanel />
    </Suspense>
  );
}
