import { describe, expect, expectTypeOf, it } from "vitest";
import { defaultLanguage, languageCodes, languages, type Language } from "@shared/languages.ts";
import { Constants, type Enums } from "@/types/database";

describe("the site's languages (shared/languages.ts)", () => {
  it("are the database's site_language values, in its order", () => {
    expect(languageCodes).toEqual(Constants.public.Enums.site_language);
    expectTypeOf<Language>().toEqualTypeOf<Enums<"site_language">>();
  });

  it("give every language each fact", () => {
    for (const row of Object.values(languages)) {
      expect(Object.keys(row)).toEqual(languageCodes);
    }
  });

  it("give the default language, and it alone, no path prefix; any other one path segment", () => {
    expect(languages.prefix[defaultLanguage]).toBe("");
    for (const code of languageCodes.filter((code) => code !== defaultLanguage)) {
      expect(languages.prefix[code]).toMatch(/^\/[a-z-]+$/);
    }
    expect(new Set(Object.values(languages.prefix)).size).toBe(languageCodes.length);
  });

  it("give well-formed tags: BCP 47 for lang and Intl, language_TERRITORY for Open Graph", () => {
    for (const code of languageCodes) {
      expect(Intl.getCanonicalLocales(languages.lang[code])).toEqual([languages.lang[code]]);
      expect(Intl.getCanonicalLocales(languages.intl[code])).toEqual([languages.intl[code]]);
      expect(languages.intl[code].startsWith(languages.lang[code])).toBe(true);
      expect(languages.ogLocale[code]).toBe(languages.intl[code].replace("-", "_"));
    }
  });

  it("make a table keyed by the language type name every language (a type check)", () => {
    // @ts-expect-error: French is missing, so this does not compile.
    const incomplete: Record<Language, string> = { en: "English" };
    const complete = { en: "English", fr: "French" } satisfies Record<Language, string>;
    expect(Object.keys(incomplete)).toHaveLength(languageCodes.length - 1);
    expect(Object.keys(complete)).toEqual(languageCodes);
  });
});
