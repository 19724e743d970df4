import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseRefusal } from "../lib/team-errors";
import type { StaffRole } from "../lib/team-member";
import { teamKeys } from "./query-keys";

/** Gives a member another role; the database refuses to demote the last Administrator. */
export async function changeStaffRole({
  member,
  role,
}: {
  member: string;
  role: StaffRole;
}): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc("change_staff_role", { member, new_role: role });
  if (error) throw fromDatabaseRefusal(error);
}

export function useChangeStaffRole() {
  return useRefreshingMutation(changeStaffRole, [teamKeys.all()]);
}
