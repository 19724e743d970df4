import { ShieldCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import type { Locale } from "@/config/routes";
import { verifyTwoFactor } from "../api/verify-two-factor";
import { twoFactorCopy } from "../lib/two-factor";
import { TwoFactorCodeForm } from "./two-factor-code-form";
import { useFocusOnMount } from "./use-focus-on-mount";

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
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
          <ShieldCheck className="size-5" aria-hidden />
        </div>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold leading-tight focus:outline-none"
        >
          {copy.title}
        </h1>
        <CardDescription>{copy.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <TwoFactorCodeForm
          id="two-factor-code"
          copy={copy}
          autoFocus
          onCode={async (code) => {
            await verifyTwoFactor({ code });
            await onVerified();
          }}
        />
      </CardContent>
    </Card>
  );
}
