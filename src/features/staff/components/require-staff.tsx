import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { useStaffSession } from "../api/get-staff-session";
import { signInPathFor } from "../lib/return-path";
import { StaffLoading } from "./staff-loading";

/**
 * Renders its children only for signed-in staff; everyone else goes to the login form, which
 * brings them back here once they have signed in.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  const session = useStaffSession();
  const location = useLocation();
  if (session.status === "loading") return <StaffLoading />;
  if (session.status !== "staff") return <Navigate to={signInPathFor(location)} replace />;
  return <>{children}</>;
}
