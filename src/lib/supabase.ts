import type { PostgrestClient } from "@supabase/postgrest-js";
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
    createClient<Database>(env.supabaseUrl, env.supabaseKey, {
      auth: { persistSession: true, autoRefreshToken: true },
    }),
  );
  return client;
}

/**
 * A legacy anon key is a JWT and is sent as the bearer token too; a publishable key travels as
 * the apikey alone, and the gateway runs the request as the anon role.
 */
function publicKeyHeaders(key: string): Record<string, string> {
  return key.startsWith("sb_") ? { apikey: key } : { apikey: key, Authorization: `Bearer ${key}` };
}

let publicReads: Promise<PostgrestClient<Database>> | undefined;

/**
 * A client for what anyone may read (published posts), as the anon role: the query builder of
 * supabase-js without its auth, realtime and storage clients, so the blog pages refresh their
 * prerendered data with a tenth of the code (5 kB gzipped) and without restoring a session.
 */
export function getPublicReads(): Promise<PostgrestClient<Database>> {
  publicReads ??= import("@supabase/postgrest-js").then(
    ({ PostgrestClient }) =>
      new PostgrestClient<Database>(`${env.supabaseUrl}/rest/v1`, {
        headers: publicKeyHeaders(env.supabaseKey),
      }),
  );
  return publicReads;
}
