import type { Locale } from "@/config/routes";
import { en, type Dictionary } from "./en";
import { fr } from "./fr";

/** Every dictionary at once, for tests and build scripts (the app loads one at a time). */
export const dictionaries: Record<Locale, Dictionary> = { en, fr };
