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
  // This browser's session only: Auth ends it on the server, and the member's other devices stay
  // signed in. The database grants nothing to an ended session, so a global sign-out (supabase-js's
  // default) would cut every device off at once.
  const { error } = await supabase.auth.signOut({ scope: "local" });
  // The server call can fail (offline): one more try.
  if (error) await supabase.auth.signOut({ scope: "local" });
}

export function useSignOutStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutStaff,
    onSettled: () => queryClient.removeQueries({ queryKey: queryRoots.staff }),
  });
}
