import { useMutation } from "@tanstack/react-query";
import { staffPath } from "@/config/routes";
import { getSupabase } from "@/lib/supabase";
import { authFailure } from "../lib/auth-failure";

/**
 * Asks Supabase Auth to send a password-reset e-mail (its link leads to /admin/reset-password).
 * Settles the same way whether or not the address is a staff account's: any answer Auth gives
 * (an unknown address, the e-mail rate limit, a provider that failed to send) counts as sent, or
 * the form would tell who has an account. Only a request that never reached Auth fails, so the
 * form can offer a retry.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), {
    redirectTo: new URL(staffPath("resetPassword"), window.location.origin).href,
  });
  if (error && authFailure(error) === "network") throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
