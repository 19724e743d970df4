import type { QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { LanguageVersionsContext } from "@/components/layout/language-versions";
import { Toaster } from "@/components/ui/toaster";
import type { LanguageVersions } from "@/config/routes";
import { PrerenderQueryClient } from "@/lib/prerender-query-client";

/**
 * What every page needs around the router, in the browser and when prerendering (then with the
 * query cache the page's data was loaded into), and the language versions the page names: a
 * prerendered page starts with those it was rendered with, so it hydrates with the same links.
 */
export function AppProviders({
  queryClient = null,
  languageVersions = null,
  children,
}: {
  queryClient?: QueryClient | null;
  languageVersions?: LanguageVersions | null;
  children: ReactNode;
}) {
  return (
    <PrerenderQueryClient value={queryClient}>
      <LanguageVersionsContext value={useState(languageVersions)}>
        {children}
      </LanguageVersionsContext>
      <Toaster />
    </PrerenderQueryClient>
  );
}
