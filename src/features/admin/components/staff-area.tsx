import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryRoots } from "@/lib/query-keys";
import { useStaffSession } from "../api/get-staff-session";
import { AdminPanel } from "./admin-panel";
import { LoginForm } from "./login-form";
import { StaffLoading } from "./staff-loading";

/** `/admin`: the login form until a staff member is signed in, then the panel. */
export function StaffArea() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const signedOut = session.status === "signed-out";

  // Whatever ended the session, no staff data outlives it in the cache.
  useEffect(() => {
    if (signedOut) queryClient.removeQueries({ queryKey: queryRoots.staff });
  }, [signedOut, queryClient]);

  if (session.status === "loading") return <StaffLoading />;
  if (session.status === "signed-out") return <LoginForm notice={session.notice} />;
  return <AdminPanel email={session.email} />;
}
