// The contact settings each build takes from its environment, and what the site shows while one
// is unset: addresses of the reserved example domain (RFC 2606), which reach no one, never a
// guess at a real address. src/config/site.ts falls back on them; the build names each one it
// falls back on (scripts/lib/site-environment.ts). No import.meta here: Node scripts read it.
export const contactPlaceholders = {
  VITE_CONTACT_EMAIL: "hello@example.com",
  VITE_CALENDAR_URL: "https://cal.example.com/your-agency",
  VITE_LINKEDIN_URL: "https://linkedin.example.com/company/your-agency",
} as const;

export type ContactSetting = keyof typeof contactPlaceholders;
