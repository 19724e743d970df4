import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { signedInUserId } from "@/lib/staff/signed-in-user";
import type { StaffProfile } from "../lib/staff-profile";
import { staffKeys } from "./query-keys";

/** The signed-in staff member's profile, or null when they have none yet. */
export async function getOwnStaffProfile(): Promise<StaffProfile | null> {
  const supabase = await getSupabase();
  const userId = await signedInUserId(supabase);
  const { data, error } = await supabase
    .from("staff_profiles")
    .select("*")
    .eq("user_id", userId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function ownStaffProfileQuery() {
  return queryOptions({ queryKey: staffKeys.ownProfile(), queryFn: getOwnStaffProfile });
}

export function useOwnStaffProfile() {
  return useQuery(ownStaffProfileQuery());
}

/**
 * Who a new post is by: the staff member's display name, never their login e-mail
 * (docs/ARCHITECTURE.md, decision 15). Undefined while the profile loads; empty when there is
 * no profile yet or it cannot be read, so the author is typed in.
 */
export function useOwnDisplayName(): string | undefined {
  const profile = useOwnStaffProfile();
  if (profile.isPending) return undefined;
  return profile.data?.display_name ?? "";
}
