import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import type { AuthLinkType } from "../lib/auth-link";

/**
 * Follows an Auth e-mail's link (an invitation or a password reset) once the person presses the
 * page's button, never on opening it (mail scanners open links): the token becomes a session
 * (a recovery one fires PASSWORD_RECOVERY). Returns the account's e-mail.
 */
export async function verifyAuthLink({
  tokenHash,
  type,
}: {
  tokenHash: string;
  type: AuthLinkType;
}): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
  if (error) throw error;
  return data.user?.email ?? "";
}

export function useVerifyAuthLink() {
  return useMutation({ mutationFn: verifyAuthLink });
}
