import { useQueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Navigate } from "react-router";
import { queryRoots } from "@/lib/query-keys";
import { useStaffSession } from "../api/get-staff-session";
import type { StaffAccess } from "../lib/staff-role";
import { useReturnPath } from "../lib/return-path";
import { LoginForm } from "./login-form";
import { StaffLoading } from "./staff-loading";

/**
 * `/admin`: the login form until a staff member is signed in, then the workspace (children), or
 * the staff page that sent them to sign in.
 */
export function StaffArea({ children }: { children: (staff: StaffAccess) => ReactNode }) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const signedOut = session.status === "signed-out";
  const returnPath = useReturnPath();

  // Whatever ended the session, no staff data outlives it in the cache.
  useEffect(() => {
    if (signedOut) queryClient.removeQueries({ queryKey: queryRoots.staff });
  }, [signedOut, queryClient]);

  if (session.status === "loading") return <StaffLoading />;
  if (session.status === "signed-out") return <LoginForm notice={session.notice} />;
  if (returnPath) return <Navigate to={returnPath} replace />;
  return children(session);
}
