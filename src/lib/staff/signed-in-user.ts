import type { AppSupabaseClient } from "@/lib/supabase";

/** The signed-in user's id from the access token's verified claims (never local storage). */
export async function signedInUserId(supabase: AppSupabaseClient): Promise<string> {
  const { data, error } = await supabase.auth.getClaims();
  if (error) throw error;
  if (!data?.claims.sub) throw new Error("Your session has ended. Please sign in again.");
  return data.claims.sub;
}
