// The site's own modules as Node tooling reads them: the one file in scripts/ that imports src/
// (scripts/eslint/import-direction.js). The prerender, sitemap.xml, robots.txt and the feeds are
// built from the site's route table and copy, and the Node tests of the site's output check what
// the site's own code produces (the CSV export in LibreOffice). Modules are loaded as written,
// without Vite: a module here must not depend on import.meta.env's values or on the @/ alias at
// run time (the prerender takes env, site and dictionaries from the server bundle instead).
export * from "../../src/config/routes.ts";
export { postLanguageVersions } from "../../src/config/post-language-versions.ts";
export { readAllPages } from "../../src/lib/read-all-pages.ts";
export { dictionaries } from "../../src/i18n/all.ts";
export type { Dictionary } from "../../src/i18n/en.ts";
export { csvBlob, leadsToCsv } from "../../src/lib/staff/csv.ts";
export { hostileLeads } from "../../src/lib/staff/__tests__/hostile-leads.ts";

import type { loadDictionary } from "../../src/i18n/index.ts";
/** The server bundle's loadDictionary (scripts/prerender.ts). */
export type LoadDictionary = typeof loadDictionary;
