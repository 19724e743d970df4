import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { callStaffTeam } from "./staff-team-function";
import { teamKeys } from "./query-keys";

/** Sends a pending invitation again: a new link, valid for another day. */
export async function resendInvitation(member: string): Promise<void> {
  await callStaffTeam({ action: "resend", member });
}

export function useResendInvitation() {
  return useRefreshingMutation(resendInvitation, [teamKeys.all()], "settled");
}
