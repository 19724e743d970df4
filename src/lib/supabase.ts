import type { SupabaseClient } from "@supabase/supabase-js";
import { env } from "@/config/env";
import type { Database } from "@/types/database";

export type AppSupabaseClient = SupabaseClient<Database>;

let client: Promise<AppSupabaseClient> | undefined;

/**
 * The one supabase-js client. It is loaded on first use, so pages that need no data
 * (most of the prerendered site) never download it.
 */
export function getSupabase(): Promise<AppSupabaseClient> {
  client ??= import("@supabase/supabase-js").then(({ createClient }) =>
    createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true },
    }),
  );
  return client;
}
