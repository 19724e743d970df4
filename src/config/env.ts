// The site's public settings. Every build has them: the production build refuses to run
// without real ones, development and `npm run build:local` take the local stack's
// (vite.config.ts).
function read(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value.trim() : undefined;
}

export const env = {
  supabaseUrl: read(import.meta.env.VITE_SUPABASE_URL) ?? "",
  /** The project's public key: a publishable key (sb_publishable_…) or a legacy anon key. */
  supabaseKey:
    read(import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY) ??
    read(import.meta.env.VITE_SUPABASE_ANON_KEY) ??
    "",
  siteUrl: (read(import.meta.env.VITE_SITE_URL) ?? "").replace(/\/$/, ""),
  gaMeasurementId: read(import.meta.env.VITE_GA_MEASUREMENT_ID),
  metaPixelId: read(import.meta.env.VITE_META_PIXEL_ID),
  // The agency's contact links; src/config/site.ts shows placeholders while they are unset.
  contactEmail: read(import.meta.env.VITE_CONTACT_EMAIL),
  calendarUrl: read(import.meta.env.VITE_CALENDAR_URL),
  linkedInUrl: read(import.meta.env.VITE_LINKEDIN_URL),
} as const;
