import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { inviteSchema, type InviteValues } from "../lib/invite-form";
import { callStaffTeam } from "./staff-team-function";
import { teamKeys } from "./query-keys";

/** Invites a colleague by e-mail, with a role, in their language; Auth sends the link. */
export async function inviteStaffMember(values: InviteValues): Promise<void> {
  const { email, role, language } = inviteSchema.parse(values);
  await callStaffTeam({ action: "invite", email, role, language });
}

export function useInviteStaffMember() {
  return useRefreshingMutation(inviteStaffMember, [teamKeys.all()]);
}
