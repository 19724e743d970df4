import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { sharedStaffKeys } from "./query-keys";

/** A joined staff member as every colleague may see them: their current name and e-mail. */
export interface StaffDirectoryEntry {
  user_id: string;
  display_name: string;
  email: string;
}

/**
 * Every joined member (`staff_directory()`, any staff member may call it): what history, notes
 * and the audit log show for the account that acted, whatever name was stored beside the act.
 */
export async function getStaffDirectory(): Promise<StaffDirectoryEntry[]> {
  const supabase = await getSupabase();
  const { data } = await supabase.rpc("staff_directory").throwOnError();
  // A member without a profile (the function's left join) goes by their address.
  return data.map((entry) => ({ ...entry, display_name: entry.display_name ?? entry.email }));
}

export const staffDirectoryQuery = queryOptions({
  queryKey: sharedStaffKeys.directory(),
  queryFn: getStaffDirectory,
  // Names change rarely; one read serves every lead's history and notes for a minute.
  staleTime: 60_000,
});

export function useStaffDirectory() {
  return useQuery(staffDirectoryQuery);
}

/** Who acted, as the page should name them. */
export type ActingAccount =
  /** A member today: their current name, their e-mail on hover and focus. */
  | { kind: "member"; name: string; email: string }
  /** An account that is no longer staff: the name stored with the act, marked. */
  | { kind: "former"; name: string }
  /** Not known (no account, or the directory not read): the stored name as it is. */
  | { kind: "stored"; name: string };

/**
 * The account behind an act (`userId`, the column the database filled in) named by the
 * directory: never by the name stored with the act, which its author could have borrowed. No
 * account and no name: `fallback` (a change the server made).
 */
export function actingAccount(
  directory: readonly StaffDirectoryEntry[] | undefined,
  userId: string | null,
  storedName: string | null,
  fallback: string,
): ActingAccount {
  const stored = storedName?.trim();
  // Deleting an account sets the columns that name it to null (on delete set null): a name
  // stored without an account was a member's whose account is gone.
  if (!userId)
    return stored ? { kind: "former", name: stored } : { kind: "stored", name: fallback };
  if (!directory) return { kind: "stored", name: stored || fallback };
  const member = directory.find((entry) => entry.user_id === userId);
  if (!member) return { kind: "former", name: stored || "Staff member" };
  return { kind: "member", name: member.display_name, email: member.email };
}
