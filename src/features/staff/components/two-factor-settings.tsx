import { useQueryClient } from "@tanstack/react-query";
import { ShieldOff } from "lucide-react";
import { useState } from "react";
import { QueryStatus } from "@/components/query-status";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { enterStaffSession, useStaffSession } from "../api/get-staff-session";
import { useTwoFactorStatus } from "../api/get-two-factor-status";
import { staffKeys } from "../api/query-keys";
import { turnOffTwoFactor } from "../api/turn-off-two-factor";
import { twoFactorCopy } from "../lib/two-factor";
import { ProfileCard } from "./profile-card";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { TwoFactorEnrolmentSteps } from "./two-factor-enrolment";

const loadingLabels = {
  loading: "Loading your two-factor settings...",
  failed: (message: string) => `Your two-factor settings could not be loaded: ${message}`,
  retry: "Try again",
};

/** After a change: the factor list, and the session's access (the database's has_verified_factor). */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: staffKeys.ownFactors() });
    // The change is made; reading the access again can wait for the next refresh if it fails.
    await enterStaffSession().catch(() => undefined);
  };
}

function TurnOff({ factorId }: { factorId: string }) {
  const [asking, setAsking] = useState(false);
  const afterChange = useAfterChange();
  if (!asking) {
    return (
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        onClick={() => setAsking(true)}
      >
        <ShieldOff aria-hidden /> Turn off two-factor
      </Button>
    );
  }
  return (
    <div className="grid gap-3 rounded-md border p-4">
      <p className="text-sm">
        To turn two-factor sign-in off, confirm with a code from your authenticator app.
      </p>
      <TwoFactorCodeForm
        id="two-factor-off-code"
        copy={twoFactorCopy.en}
        submitLabel="Turn off"
        pendingLabel="Turning off..."
        autoFocus
        onCode={async (code) => {
          await turnOffTwoFactor({ factorId, code });
          toast.success("Two-factor sign-in is off", {
            description: "You sign in with your password alone.",
          });
          await afterChange();
        }}
        actions={
          <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
            Keep it on
          </Button>
        }
      />
    </div>
  );
}

/**
 * Profile: two-factor sign-in with an authenticator app. Off: set it up (QR code, key, code).
 * On: turn it off with a fresh code, unless the team requires it.
 */
export function TwoFactorSettings() {
  const session = useStaffSession();
  const status = useTwoFactorStatus();
  const afterChange = useAfterChange();
  const required = session.status === "staff" && session.two_factor_required;

  return (
    <ProfileCard
      headingId="two-factor-heading"
      title="Two-factor sign-in"
      badge={
        status.isSuccess && (
          <Badge variant={status.data.verifiedFactorId ? "default" : "outline"}>
            {status.data.verifiedFactorId ? "On" : "Off"}
          </Badge>
        )
      }
      description="A code from an authenticator app on your phone, asked after your password. It keeps leads and subscribers safe even if your password leaks."
    >
      <QueryStatus
        query={status}
        labels={loadingLabels}
        placeholder={<Skeleton className="h-10 w-48" />}
      >
        {({ verifiedFactorId }) =>
          verifiedFactorId ? (
            required ? (
              <p className="text-sm text-muted-foreground">
                Your team requires two-factor sign-in, so it stays on. If you lose your phone, an
                administrator can reset it for you.
              </p>
            ) : (
              <TurnOff key={verifiedFactorId} factorId={verifiedFactorId} />
            )
          ) : (
            <TwoFactorEnrolmentSteps
              onDone={async () => {
                toast.success("Two-factor sign-in is on", {
                  description: "From now on you sign in with your password and a code.",
                });
                await afterChange();
              }}
            />
          )
        }
      </QueryStatus>
    </ProfileCard>
  );
}
