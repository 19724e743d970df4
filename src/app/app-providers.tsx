import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "@/components/ui/toaster";
import { PrerenderQueryClient } from "@/lib/prerender-query-client";

/**
 * What every page needs around the router, in the browser and when prerendering (then with the
 * query cache the page's data was loaded into).
 */
export function AppProviders({
  queryClient = null,
  children,
}: {
  queryClient?: QueryClient | null;
  children: ReactNode;
}) {
  return (
    <PrerenderQueryClient value={queryClient}>
      {children}
      <Toaster />
    </PrerenderQueryClient>
  );
}
