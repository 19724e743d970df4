import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  LanguageVersionsProvider,
  type PageLanguageVersions,
} from "@/components/layout/language-versions";
import { Toaster } from "@/components/ui/toaster";
import { PrerenderQueryClient } from "@/lib/prerender-query-client";

/**
 * What every page needs around the router, in the browser and when prerendering (then with the
 * query cache the page's data was loaded into, and the language versions that data names).
 */
export function AppProviders({
  queryClient = null,
  languageVersions = null,
  children,
}: {
  queryClient?: QueryClient | null;
  languageVersions?: PageLanguageVersions | null;
  children: ReactNode;
}) {
  return (
    <PrerenderQueryClient value={queryClient}>
      <LanguageVersionsProvider initial={languageVersions}>{children}</LanguageVersionsProvider>
      <Toaster />
    </PrerenderQueryClient>
  );
}
