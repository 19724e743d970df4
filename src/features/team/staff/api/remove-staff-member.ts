import { sharedStaffKeys } from "@/lib/staff/query-keys";
import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { callStaffTeam } from "./staff-team-function";
import { teamKeys } from "./query-keys";

/** Removes a member: their membership and their account go, and every session with them. */
export async function removeStaffMember(member: string): Promise<void> {
  await callStaffTeam({ action: "remove", member });
}

export function useRemoveStaffMember() {
  return useRefreshingMutation(
    removeStaffMember,
    [teamKeys.all(), sharedStaffKeys.directory()],
    "settled",
  );
}
