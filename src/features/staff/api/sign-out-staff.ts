import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { queryRoots } from "@/lib/query-keys";
import { writeStaffFlag } from "../lib/staff-role";
import { setStaffSession } from "./get-staff-session";

/** Ends the session on the server and in this browser and forgets the staff flag. */
export async function signOutStaff(): Promise<void> {
  // Marking the session as ended first keeps the auth listener from reporting it as expired.
  setStaffSession({ status: "signed-out" });
  writeStaffFlag(false);
  const supabase = await getSupabase();
  const { error } = await supabase.auth.signOut();
  // The server call can fail (offline); the local session is gone either way.
  if (error) await supabase.auth.signOut({ scope: "local" });
}

export function useSignOutStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutStaff,
    onSettled: () => queryClient.removeQueries({ queryKey: queryRoots.staff }),
  });
}
