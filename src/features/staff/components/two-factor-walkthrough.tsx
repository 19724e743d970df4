import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { enterStaffSession } from "../api/get-staff-session";
import { TwoFactorEnrolmentSteps } from "./two-factor-enrolment";
import { useFocusOnMount } from "./use-focus-on-mount";

/** The workspace's first step for a member whose team requires two-factor and who has none yet. */
export function TwoFactorWalkthrough() {
  const [entering, setEntering] = useState(false);
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div className="container flex justify-center py-12 sm:py-16">
      <Card className="w-full max-w-xl">
        <CardHeader>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold leading-tight focus:outline-none"
          >
            Set up two-factor sign-in
          </h1>
          <CardDescription>
            Your team requires two-factor sign-in. Set it up to continue.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {entering ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Opening your workspace...
            </p>
          ) : (
            <TwoFactorEnrolmentSteps
              onDone={async () => {
                setEntering(true);
                toast.success("Two-factor sign-in is on", {
                  description: "From now on you sign in with your password and a code.",
                });
                await enterStaffSession().catch(() => {
                  setEntering(false);
                  toast.error("Your workspace could not be opened", {
                    description: "Two-factor sign-in is on. Reload the page to continue.",
                  });
                });
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
