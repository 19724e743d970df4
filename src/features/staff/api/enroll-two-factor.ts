import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { totpFriendlyName } from "../lib/two-factor";
import { removeTwoFactor } from "./remove-two-factor";

/** A new authenticator app to confirm: its QR code (an SVG data URL) and the same secret in text. */
export interface TwoFactorEnrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/**
 * Starts setting up an authenticator app. An enrolment abandoned earlier (a factor never
 * verified) is removed first: Auth keeps it otherwise, and refuses a second one of the same name.
 */
export async function enrollTwoFactor(): Promise<TwoFactorEnrolment> {
  const supabase = await getSupabase();
  const factors = await supabase.auth.mfa.listFactors();
  if (factors.error) throw factors.error;
  for (const factor of factors.data.all) {
    if (factor.factor_type !== "totp" || factor.status === "verified") continue;
    await removeTwoFactor(factor.id);
  }
  const { data, error } = await supabase.auth.mfa.enroll({
    factorType: "totp",
    friendlyName: totpFriendlyName,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret };
}

export function useEnrollTwoFactor() {
  return useMutation({ mutationFn: enrollTwoFactor });
}
