import { brand, contactPlaceholders } from "@shared/site.ts";
import { env } from "./env";

// Everything an agency changes to adopt the site, apart from the copy in src/content. The brand
// and the contact placeholders live in shared/site.ts (the build tooling and the local stack read
// them too). The contact links come from the build's environment (VITE_CONTACT_EMAIL,
// VITE_CALENDAR_URL, VITE_LINKEDIN_URL); while one is unset the site shows an example.com
// placeholder and the build says so.
export const site = {
  /** The brand (shared/site.ts): a rename is that one line. */
  name: brand.name,
  url: env.siteUrl,
  contactEmail: env.contactEmail ?? contactPlaceholders.VITE_CONTACT_EMAIL,
  calendarUrl: env.calendarUrl ?? contactPlaceholders.VITE_CALENDAR_URL,
  linkedInUrl: env.linkedInUrl ?? contactPlaceholders.VITE_LINKEDIN_URL,
  /** The link-preview image of pages without their own (1200 × 630, brand-neutral). */
  socialImage: "/images/social-card.png",
  /** The privacy policy's own date: change it only when the policy changes. */
  privacyLastUpdated: "2026-11-23",
} as const;
