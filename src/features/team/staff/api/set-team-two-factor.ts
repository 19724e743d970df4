import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseRefusal } from "../lib/team-errors";
import { teamKeys } from "./query-keys";

/** Requires two-factor sign-in for every member, or makes it optional again. */
export async function setTeamTwoFactor(required: boolean): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc("set_team_two_factor", { required });
  if (error) throw fromDatabaseRefusal(error);
}

export function useSetTeamTwoFactor() {
  return useRefreshingMutation(setTeamTwoFactor, [teamKeys.all()], "settled");
}
