import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";

export class NoVerifiedFactorError extends Error {
  override name = "NoVerifiedFactorError";
}

/**
 * Proves the second factor with a code from the authenticator app: a challenge on the factor
 * (the account's verified TOTP factor unless one is named, as when confirming a new one) and
 * its verification, which raises the session to aal2.
 */
export async function verifyTwoFactor({
  code,
  factorId,
}: {
  code: string;
  factorId?: string;
}): Promise<void> {
  const supabase = await getSupabase();
  let id = factorId;
  if (id === undefined) {
    const factors = await supabase.auth.mfa.listFactors();
    if (factors.error) throw factors.error;
    id = factors.data.totp[0]?.id;
    if (id === undefined) throw new NoVerifiedFactorError();
  }
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId: id, code });
  if (error) throw error;
}

export function useVerifyTwoFactor() {
  return useMutation({ mutationFn: verifyTwoFactor });
}
