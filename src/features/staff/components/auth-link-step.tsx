import { CircleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { PendingButton } from "@/components/ui/pending-button";
import { useVerifyAuthLink } from "../api/verify-auth-link";
import { authFailure } from "../lib/auth-failure";
import type { AuthLinkType } from "../lib/auth-link";
import { StepCard } from "./step-card";

export interface AuthLinkStepCopy {
  askTitle: string;
  askBody: string;
  action: string;
  pending: string;
  invalidTitle: string;
  invalidBody: string;
  network: string;
  retry: string;
}

/**
 * The first step of an Auth e-mail's page: it says what the link is for and follows it only when
 * the button is pressed (mail scanners open links). An expired, used or broken link says so,
 * with `invalid` below (a way to a new link); a network failure offers the same button again.
 */
export function AuthLinkStep({
  tokenHash,
  type,
  icon,
  copy,
  invalid,
  onVerified,
}: {
  tokenHash: string | null;
  type: AuthLinkType;
  icon: LucideIcon;
  copy: AuthLinkStepCopy;
  invalid?: ReactNode;
  /** With the account's e-mail, once the link has given a session. */
  onVerified: (email: string) => void;
}) {
  const verify = useVerifyAuthLink();
  const failure = verify.isError ? authFailure(verify.error) : null;

  if (tokenHash === null || (failure !== null && failure !== "network")) {
    return (
      <StepCard
        key="invalid"
        icon={CircleAlert}
        title={copy.invalidTitle}
        description={copy.invalidBody}
      >
        {invalid}
      </StepCard>
    );
  }
  const pending = verify.isPending || verify.isSuccess;
  return (
    <StepCard key="ask" icon={icon} title={copy.askTitle} description={copy.askBody}>
      <div className="grid gap-4">
        <div aria-live="polite" className="empty:hidden">
          {failure === "network" && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {copy.network}
            </p>
          )}
        </div>
        <PendingButton
          type="button"
          size="lg"
          className="w-full"
          pending={pending}
          pendingLabel={copy.pending}
          onClick={() => verify.mutate({ tokenHash, type }, { onSuccess: onVerified })}
        >
          {failure === "network" ? copy.retry : copy.action}
        </PendingButton>
      </div>
    </StepCard>
  );
}
