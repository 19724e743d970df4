import { use } from "react";
import { useLocation } from "react-router";
import { localeFromPath, type Locale } from "@/config/routes";
import { trackPromise } from "@/lib/track-promise";
import type { Dictionary } from "./en";

export type { Dictionary };

// Each page loads only its own language's dictionary; another one comes with a language switch.
// Exported for the test that adds a language in memory (app/__tests__/third-language.test.tsx).
export const dictionaryLoaders: Record<Locale, () => Promise<Dictionary>> = {
  en: () => import("./en").then((module) => module.en),
  fr: () => import("./fr").then((module) => module.fr),
};
const loading: Partial<Record<Locale, Promise<Dictionary>>> = {};

/** One promise per language, the same one on every call: use() reads it at once when loaded. */
export function loadDictionary(locale: Locale): Promise<Dictionary> {
  return (loading[locale] ??= trackPromise(dictionaryLoaders[locale]()));
}

/**
 * One language's dictionary, for parts that are told their language rather than reading the
 * URL (so that a change of URL alone does not re-render them).
 */
export function useDictionary(locale: Locale): Dictionary {
  // Loaded ahead for the first render; a navigation to another language waits for it.
  return use(loadDictionary(locale));
}

/** The UI language follows the URL: the language whose prefix the path is under. */
export function useI18n(): { locale: Locale; t: Dictionary } {
  const locale = localeFromPath(useLocation().pathname);
  return { locale, t: useDictionary(locale) };
}
