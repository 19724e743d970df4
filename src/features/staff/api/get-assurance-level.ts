import { getSupabase } from "@/lib/supabase";

/**
 * Whether the current session must give the second factor before Auth lets it change the
 * password (hosted Auth answers 401 insufficient_aal otherwise): the account has a verified
 * authenticator app (asked of Auth, not the session's copy) and the session is still aal1.
 */
export async function secondFactorDue(): Promise<boolean> {
  const supabase = await getSupabase();
  const level = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (level.error) throw level.error;
  if (level.data.currentLevel === "aal2") return false;
  const factors = await supabase.auth.mfa.listFactors();
  if (factors.error) throw factors.error;
  return factors.data.totp.length > 0;
}
