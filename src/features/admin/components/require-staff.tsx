import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { staffPath } from "@/config/routes";
import { useStaffSession } from "../api/get-staff-session";
import { StaffLoading } from "./staff-loading";

/** Renders its children only for signed-in staff; everyone else goes to the login form. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const session = useStaffSession();
  if (session.status === "loading") return <StaffLoading />;
  if (session.status !== "staff") return <Navigate to={staffPath("admin")} replace />;
  return <>{children}</>;
}
