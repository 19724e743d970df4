import { useLocation } from "react-router";
import { localeFromPath, type Locale } from "@/config/routes";
import { en, type Dictionary } from "./en";
import { fr } from "./fr";

export type { Dictionary };

export const dictionaries: Record<Locale, Dictionary> = { en, fr };

/** The UI language follows the URL: a /fr path is French, any other path English. */
export function useI18n(): { locale: Locale; t: Dictionary } {
  const locale = localeFromPath(useLocation().pathname);
  return { locale, t: dictionaries[locale] };
}
