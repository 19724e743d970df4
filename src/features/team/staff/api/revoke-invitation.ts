import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { callStaffTeam } from "./staff-team-function";
import { teamKeys } from "./query-keys";

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(member: string): Promise<void> {
  await callStaffTeam({ action: "revoke", member });
}

export function useRevokeInvitation() {
  return useRefreshingMutation(revokeInvitation, [teamKeys.all()], "settled");
}
