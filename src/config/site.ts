import { env } from "./env";
import { contactPlaceholders } from "./site-placeholders";

// Everything an agency changes to adopt the site, apart from the copy in src/content. The contact
// links come from the build's environment (VITE_CONTACT_EMAIL, VITE_CALENDAR_URL,
// VITE_LINKEDIN_URL); while one is unset the site shows an example.com placeholder and the build
// says so.
export const site = {
  /**
   * The brand. The copy, the page titles, the feeds and index.html's title read it from here
   * (French elision by src/i18n/grammar.ts), and so do the local stack's e-mail senders: a
   * rename is this line.
   */
  name: "Appgrove",
  url: env.siteUrl,
  contactEmail: env.contactEmail ?? contactPlaceholders.VITE_CONTACT_EMAIL,
  calendarUrl: env.calendarUrl ?? contactPlaceholders.VITE_CALENDAR_URL,
  linkedInUrl: env.linkedInUrl ?? contactPlaceholders.VITE_LINKEDIN_URL,
  /** The link-preview image of pages without their own (1200 × 630, brand-neutral). */
  socialImage: "/images/social-card.png",
  /** The privacy policy's own date: change it only when the policy changes. */
  privacyLastUpdated: "2026-11-23",
} as const;
