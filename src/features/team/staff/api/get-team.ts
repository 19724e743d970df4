import { queryOptions, useQuery } from "@tanstack/react-query";
import { signedInUserId } from "@/lib/staff/signed-in-user";
import { getSupabase } from "@/lib/supabase";
import type { TeamMember } from "../lib/team-member";
import { teamKeys } from "./query-keys";

export interface Team {
  members: TeamMember[];
  /** The signed-in Administrator's own id: their row offers nothing that would lock them out. */
  myId: string;
}

/** Every staff member and pending invitation (`staff_team()`, manage_staff only). */
export async function getTeam(): Promise<Team> {
  const supabase = await getSupabase();
  const [myId, { data }] = await Promise.all([
    signedInUserId(supabase),
    supabase.rpc("staff_team").throwOnError(),
  ]);
  // The columns TeamMember makes nullable are nullable in the function (see there).
  return { members: data as TeamMember[], myId };
}

export const teamQuery = queryOptions({ queryKey: teamKeys.members(), queryFn: getTeam });

export function useTeam() {
  return useQuery(teamQuery);
}
