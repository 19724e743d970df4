import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { teamKeys } from "./query-keys";

/** Whether the team requires two-factor sign-in (`my_staff_access().two_factor_required`). */
export async function getTeamTwoFactorRequired(): Promise<boolean> {
  const supabase = await getSupabase();
  const { data } = await supabase.rpc("my_staff_access").maybeSingle().throwOnError();
  return data?.two_factor_required ?? false;
}

export const teamTwoFactorQuery = queryOptions({
  queryKey: teamKeys.twoFactorRequired(),
  queryFn: getTeamTwoFactorRequired,
});

export function useTeamTwoFactorRequired() {
  return useQuery(teamTwoFactorQuery);
}
