// A third language for tests, German under /de, added to the real modules in memory: what a
// test's vi.mock factories hand back (src/app/__tests__/third-language.test.tsx and
// site-files-languages.test.ts).
import type * as Languages from "@shared/languages.ts";
import type * as Routes from "@/config/routes";

const german: Languages.LanguageFacts = {
  prefix: "/de",
  name: "Deutsch",
  lang: "de",
  intl: "de-DE",
  ogLocale: "de_DE",
  version: "Deutsche Version",
};

/** shared/languages.ts with German listed and each of its facts given. */
export function withGerman(real: typeof Languages) {
  return {
    ...real,
    languageCodes: [...real.languageCodes, "de"],
    languages: Object.fromEntries(
      Object.entries(real.languages).map(([fact, row]) => [
        fact,
        { ...row, de: german[fact as keyof Languages.LanguageFacts] },
      ]),
    ),
  };
}

/** The route table with German paths: the English ones under /de. */
export function withGermanPaths(routes: typeof Routes): typeof Routes {
  for (const id of routes.publicRouteIds) {
    const paths: Record<string, string> = routes.publicRoutes[id].paths;
    paths.de = paths.en === "/" ? "/de" : `/de${paths.en}`;
  }
  return routes;
}
