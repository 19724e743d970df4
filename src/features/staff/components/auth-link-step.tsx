import { CircleAlert, Loader2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useVerifyAuthLink } from "../api/verify-auth-link";
import { authFailure } from "../lib/auth-failure";
import type { AuthLinkType } from "../lib/auth-link";
import { useFocusOnMount } from "./use-focus-on-mount";

/** One step of an e-mail link's page: an icon, a heading that takes the focus, and its content. */
export function StepCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Icon className="size-5" aria-hidden />
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold leading-tight focus:outline-none"
        >
          {title}
        </h1>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent>{children}</CardContent>}
    </Card>
  );
}

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
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={pending}
          onClick={() => verify.mutate({ tokenHash, type }, { onSuccess: onVerified })}
        >
          {pending && <Loader2 className="animate-spin" aria-hidden />}
          {pending ? copy.pending : failure === "network" ? copy.retry : copy.action}
        </Button>
      </div>
    </StepCard>
  );
}
