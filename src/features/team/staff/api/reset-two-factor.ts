import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { callStaffTeam } from "./staff-team-function";
import { teamKeys } from "./query-keys";

/**
 * Removes a member's two-factor factors (they lost their phone): they sign in with their
 * password and enrol again. The recovery path for a colleague, documented in the handbook.
 */
export async function resetTwoFactor(member: string): Promise<void> {
  await callStaffTeam({ action: "reset_two_factor", member });
}

export function useResetTwoFactor() {
  return useRefreshingMutation(resetTwoFactor, [teamKeys.all()], "settled");
}
