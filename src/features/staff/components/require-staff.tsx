import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { staffPath } from "@/config/routes";
import { useStaffSession } from "../api/get-staff-session";
import { signInPathFor } from "../lib/return-path";
import type { StaffPermission } from "../lib/staff-role";
import { needsTwoFactorSetup } from "../lib/two-factor";
import { StaffLoading } from "./staff-loading";

/**
 * Renders its children only for signed-in staff whose role grants the permission; everyone else
 * goes to the login form (or its code step), which brings them back here once they have signed
 * in, and staff without the permission, or who must first set up two-factor, go to /admin.
 */
export function RequireStaff({
  permission,
  children,
}: {
  permission: StaffPermission;
  children: ReactNode;
}) {
  const session = useStaffSession();
  const location = useLocation();
  if (session.status === "loading") return <StaffLoading />;
  if (session.status !== "staff") return <Navigate to={signInPathFor(location)} replace />;
  if (!session.permissions.includes(permission) || needsTwoFactorSetup(session)) {
    return <Navigate to={staffPath("admin")} replace />;
  }
  return <>{children}</>;
}
