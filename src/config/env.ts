// The local stack's URL and its well-known publishable key (the Supabase CLI's own): used
// whenever no hosted project is configured.
const LOCAL_SUPABASE_URL = "http://127.0.0.1:54321";
const LOCAL_PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";

function read(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value.trim() : undefined;
}

export const env = {
  supabaseUrl: read(import.meta.env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL,
  /** The project's public key: a publishable key (sb_publishable_…) or a legacy anon key. */
  supabaseKey:
    read(import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY) ??
    read(import.meta.env.VITE_SUPABASE_ANON_KEY) ??
    LOCAL_PUBLISHABLE_KEY,
  siteUrl: (read(import.meta.env.VITE_SITE_URL) ?? "http://127.0.0.1:5173").replace(/\/$/, ""),
  gaMeasurementId: read(import.meta.env.VITE_GA_MEASUREMENT_ID),
  metaPixelId: read(import.meta.env.VITE_META_PIXEL_ID),
} as const;
