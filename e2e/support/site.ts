// The site under test, as the browser tests read it: the one file in e2e/ that imports src/
// (scripts/eslint/import-direction.js). The specs check the pages against the sources the pages
// are built from: the route table, the copy and its date format, and the consent store's key.
export * from "../../src/config/routes";
export { dictionaries } from "../../src/i18n/all";
export { en } from "../../src/i18n/en";
export { fr } from "../../src/i18n/fr";
export { formatDate } from "../../src/i18n/format";
export { aboutContent, teamMembers } from "../../src/content/about";
export { caseStudiesContent, caseStudyIds } from "../../src/content/case-studies";
export { contactContent } from "../../src/content/contact";
export { clientNames, homeContent, testimonialPeople } from "../../src/content/home";
export { newsletterLinkContent } from "../../src/content/newsletter-link";
export { privacyContent } from "../../src/content/privacy";
export { homeServiceIds, serviceIds, servicesContent } from "../../src/content/services";
export { sitemapContent } from "../../src/content/sitemap";
export { thankYouContent } from "../../src/content/thank-you";
export { storageKey, type ConsentChoice } from "../../src/features/consent/consent-store";

/**
 * How long a change may take to reach the served site: refresh-site runs every 2 s, and the build
 * hook runs one incremental prerender at a time (scripts/serve-dist.ts), a few seconds each on a
 * loaded 2-core machine, so a change can wait behind a refresh already running for another's.
 */
export const siteRefreshTimeout = 30_000;
