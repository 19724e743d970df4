import { getSupabase } from "@/lib/supabase";

/** Removes a factor: an enrolment given up, or (from an aal2 session) the verified one. */
export async function removeTwoFactor(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
}
