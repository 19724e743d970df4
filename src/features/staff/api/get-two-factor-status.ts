import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { staffKeys } from "./query-keys";

export interface TwoFactorStatus {
  /** The verified authenticator app's factor id, or null when two-factor sign-in is off. */
  verifiedFactorId: string | null;
}

/** Whether the signed-in account has a verified authenticator app, as Auth has it now. */
export async function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return { verifiedFactorId: data.totp[0]?.id ?? null };
}

export function twoFactorStatusQuery() {
  return queryOptions({ queryKey: staffKeys.ownFactors(), queryFn: getTwoFactorStatus });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQuery());
}
