import { ShieldCheck } from "lucide-react";
import type { Locale } from "@/config/routes";
import { verifyTwoFactor } from "../api/verify-two-factor";
import { twoFactorCopy } from "../lib/two-factor";
import { StepCard } from "./step-card";
import { TwoFactorCodeForm } from "./two-factor-code-form";

/**
 * The code step of a sign-in (or of a password reset) for an account with an authenticator app:
 * a code proves the second factor and raises the session to aal2, then `onVerified` goes on.
 */
export function TwoFactorChallenge({
  locale = "en",
  onVerified,
}: {
  locale?: Locale;
  onVerified: () => Promise<unknown>;
}) {
  const copy = twoFactorCopy[locale];
  return (
    <StepCard icon={ShieldCheck} title={copy.title} description={copy.intro}>
      <TwoFactorCodeForm
        id="two-factor-code"
        copy={copy}
        autoFocus
        onCode={async (code) => {
          await verifyTwoFactor({ code });
          await onVerified();
        }}
      />
    </StepCard>
  );
}
