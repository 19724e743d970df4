// Apart from the provider, which every page loads: only post pages name their versions.
import { use, useEffect } from "react";
import type { LanguageVersions } from "@/config/routes";
import { LanguageVersionsContext } from "./language-versions";

/**
 * A page names its versions in every language; the toggle leads there while it shows. Pass the
 * same object while they stay the same (a query's data), or the page renders again and again.
 */
export function usePageLanguageVersions(versions: LanguageVersions | null) {
  const set = use(LanguageVersionsContext)?.[1];
  useEffect(() => {
    set?.(versions);
  }, [set, versions]);
}
