// The site's public settings. Every build has them: the production build refuses to run
// without real ones, development and `npm run build:local` take the local stack's
// (vite.config.ts).
function read(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value.trim() : undefined;
}

type Values = Partial<Record<`VITE_${string}`, string>>;
// Vite inlines import.meta.env in the bundles; Node code that imports the site's settings
// (vite.config.ts, build scripts, browser tests, the local stack) has no import.meta.env and
// reads every value as unset. Cast: Node's type-check has no Vite types.
const values: Values = (import.meta as { env?: Values }).env ?? {};

export const env = {
  supabaseUrl: read(values.VITE_SUPABASE_URL) ?? "",
  /** The project's public key: a publishable key (sb_publishable_…) or a legacy anon key. */
  supabaseKey:
    read(values.VITE_SUPABASE_PUBLISHABLE_KEY) ?? read(values.VITE_SUPABASE_ANON_KEY) ?? "",
  siteUrl: (read(values.VITE_SITE_URL) ?? "").replace(/\/$/, ""),
  gaMeasurementId: read(values.VITE_GA_MEASUREMENT_ID),
  metaPixelId: read(values.VITE_META_PIXEL_ID),
  // The agency's contact links; src/config/site.ts shows placeholders while they are unset.
  contactEmail: read(values.VITE_CONTACT_EMAIL),
  calendarUrl: read(values.VITE_CALENDAR_URL),
  linkedInUrl: read(values.VITE_LINKEDIN_URL),
} as const;
