// The site's languages and what the code needs to know of each one beyond its copy. Everything
// per language is keyed by `Language` (the facts below, route paths, dictionaries, page copy,
// date formats, the newsletter e-mail): a language added to the list is a type error in every
// table that does not name it yet.

/**
 * The site's languages, the default one first: the database's site_language values
 * (src/config/__tests__/languages.test.ts holds them equal).
 */
export const languageCodes = ["en", "fr"] as const;

export type Language = (typeof languageCodes)[number];

/** The language of unprefixed paths, and hreflang's x-default. */
export const defaultLanguage: Language = "en";

/** One language's facts. */
export interface LanguageFacts {
  /** Where its pages are: "" for the default language, else one path segment ("/fr"). */
  prefix: string;
  /** Its name in itself. */
  name: string;
  /** Its BCP 47 tag: `<html lang>`, hreflang, the RSS feed's `<language>`, lang on a link to it. */
  lang: string;
  /** The Intl locale its dates and numbers are written in. */
  intl: string;
  /** Its Open Graph `og:locale`. */
  ogLocale: string;
  /** The language toggle's name for a page's version in it, in the language itself. */
  version: string;
}

// Fact by fact, each fact a table of the languages: a bundle then carries only the facts its
// code reads (the public pages' bundle has no use for `name` or `intl`). The staff workspace's
// names for the languages ("French") are its own: src/lib/staff/format.ts's languageLabels,
// keyed by the same type, so that no public page carries them.
export const languages = {
  prefix: { en: "", fr: "/fr" },
  name: { en: "English", fr: "Français" },
  lang: { en: "en", fr: "fr" },
  intl: { en: "en-US", fr: "fr-FR" },
  ogLocale: { en: "en_US", fr: "fr_FR" },
  version: { en: "English version", fr: "Version française" },
} as const satisfies { [Fact in keyof LanguageFacts]: Record<Language, LanguageFacts[Fact]> };
