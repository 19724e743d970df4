import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";

/**
 * Sets the signed-in account's password. Auth ends every other session of the account, refuses
 * the current password (422 same_password) and, for an account with a verified factor, a
 * session that has not given it (401 insufficient_aal).
 */
export async function updatePassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
