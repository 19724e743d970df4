// The local stack's URL and its well-known, public anon key (the Supabase CLI's own):
// used whenever no hosted project is configured.
const LOCAL_SUPABASE_URL = "http://127.0.0.1:54321";
const LOCAL_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

function read(value: string | undefined): string | undefined {
  return value && value.trim() !== "" ? value.trim() : undefined;
}

export const env = {
  supabaseUrl: read(import.meta.env.VITE_SUPABASE_URL) ?? LOCAL_SUPABASE_URL,
  supabaseAnonKey: read(import.meta.env.VITE_SUPABASE_ANON_KEY) ?? LOCAL_ANON_KEY,
  siteUrl: (read(import.meta.env.VITE_SITE_URL) ?? "http://127.0.0.1:5173").replace(/\/$/, ""),
  gaMeasurementId: read(import.meta.env.VITE_GA_MEASUREMENT_ID),
  metaPixelId: read(import.meta.env.VITE_META_PIXEL_ID),
} as const;
