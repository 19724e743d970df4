import { createContext } from "react";
import type { LanguageVersions } from "@/config/routes";

/**
 * The language versions the page last named (a post and its translation), and how a page names
 * them (a state and its setter, held around the app): what the header's language toggle, which
 * renders before the page, leads to while one of them shows (`switchLocalePath`).
 */
export const LanguageVersionsContext = createContext<
  readonly [LanguageVersions | null, (named: LanguageVersions | null) => void] | null
>(null);
