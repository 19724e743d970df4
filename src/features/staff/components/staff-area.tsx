import { useQueryClient } from "@tanstack/react-query";
import { useEffect, type ReactNode } from "react";
import { Navigate } from "react-router";
import { toast } from "@/components/ui/toaster";
import { queryRoots } from "@/lib/query-keys";
import { enterStaffSession, useStaffSession } from "../api/get-staff-session";
import type { StaffAccess } from "../lib/staff-role";
import { useReturnPath } from "../lib/return-path";
import { needsTwoFactorSetup } from "../lib/two-factor";
import { LoginForm } from "./login-form";
import { StaffLoading } from "./staff-loading";
import { TwoFactorChallenge } from "./two-factor-challenge";
import { TwoFactorWalkthrough } from "./two-factor-walkthrough";

/** The sign-in's code step, for an account with an authenticator app (the shell offers Logout). */
function SignInCodeStep() {
  return (
    <div className="container flex justify-center py-16 sm:py-24">
      <TwoFactorChallenge
        onVerified={async () => {
          const session = await enterStaffSession();
          if (session?.status === "staff") {
            toast.success("Login successful", { description: "Welcome to the admin panel" });
          }
        }}
      />
    </div>
  );
}

/**
 * `/admin`: the login form until a staff member is signed in, then (for an account with an
 * authenticator app) the code step, then (when the team requires two-factor and they have none)
 * its set-up, and then the workspace (children), or the staff page that sent them to sign in.
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
  if (session.status === "two-factor") return <SignInCodeStep />;
  if (needsTwoFactorSetup(session)) return <TwoFactorWalkthrough />;
  if (returnPath) return <Navigate to={returnPath} replace />;
  return children(session);
}
