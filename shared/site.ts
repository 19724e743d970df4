// What the site's own settings share with the tooling around it. The brand: the site's copy and
// page titles (French elision by src/i18n/grammar.ts), index.html's title (vite.config.ts), the
// feeds and the local stack's e-mail senders all read it here, so a rename is the one line below.
// And the contact settings each build takes from its environment, with what the site shows while
// one is unset: addresses of the reserved example domain (RFC 2606), which reach no one, never a
// guess at a real address; the build names each one it falls back on
// (scripts/lib/site-environment.ts). src/config/site.ts adds this build's values to both.
export const brand = {
  name: "Appgrove",
} as const;

/**
 * The agency's postal address, which the footer of every newsletter e-mail shows (anti-spam
 * laws, CAN-SPAM among them, ask a sender for one). A placeholder, like contactPlaceholders
 * below: write the agency's own before sending a newsletter.
 */
export const postalAddress = "Your agency, 1 Example Street, 00000 Example City, Country";

export const contactPlaceholders = {
  VITE_CONTACT_EMAIL: "hello@example.com",
  VITE_CALENDAR_URL: "https://cal.example.com/your-agency",
  VITE_LINKEDIN_URL: "https://linkedin.example.com/company/your-agency",
} as const;

export type ContactSetting = keyof typeof contactPlaceholders;
