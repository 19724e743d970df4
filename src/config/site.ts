import { env } from "./env";

// Everything an agency changes to adopt the site, apart from the copy in src/content.
export const site = {
  name: "Appgrove",
  url: env.siteUrl,
  contactEmail: "hello@appgrove.com",
  calendarUrl: "https://cal.com/appgrove/free-consultation",
  linkedInUrl: "https://www.linkedin.com/company/appgrove",
  /** The privacy policy's own date: change it only when the policy changes. */
  privacyLastUpdated: "2026-11-01",
} as const;
