import { Copy, QrCode, RefreshCw, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { toast } from "@/components/ui/toaster";
import { useEnrollTwoFactor, type TwoFactorEnrolment } from "../api/enroll-two-factor";
import { removeTwoFactor } from "../api/remove-two-factor";
import { verifyTwoFactor } from "../api/verify-two-factor";
import { authFailure } from "../lib/auth-failure";
import { groupSecret, twoFactorCopy } from "../lib/two-factor";
import { TwoFactorCodeForm } from "./two-factor-code-form";

const copy = twoFactorCopy.en;

async function copySecret(secret: string) {
  try {
    await navigator.clipboard.writeText(secret);
    toast.success("Key copied", { description: "Paste it into your authenticator app." });
  } catch {
    toast.error("The key could not be copied", {
      description: "Select it and copy it by hand.",
    });
  }
}

/** The new factor's QR code and key, and the code that confirms the app has it. */
function ConfirmEnrolment({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const { factorId, qrCode, secret } = enrolment;
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>
          Open an authenticator app on your phone (1Password, Google Authenticator, Microsoft
          Authenticator, ...).
        </li>
        <li>Scan the QR code, or type the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={qrCode}
          alt="QR code that adds your staff account to an authenticator app"
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-md border bg-white p-2"
        />
        <div className="grid min-w-0 gap-2">
          <p className="text-sm font-medium" id="two-factor-secret-label">
            Can’t scan it? Enter this key:
          </p>
          <code
            aria-labelledby="two-factor-secret-label"
            className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm tracking-wide select-all"
          >
            {groupSecret(secret)}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void copySecret(secret)}
          >
            <Copy aria-hidden /> Copy key
          </Button>
        </div>
      </div>
      <TwoFactorCodeForm
        id="two-factor-enrol-code"
        copy={copy}
        submitLabel="Turn on two-factor"
        pendingLabel="Turning on..."
        onCode={async (code) => {
          await verifyTwoFactor({ factorId, code });
          await onDone();
        }}
        actions={
          <Button type="button" variant="ghost" onClick={onCancel}>
            <X aria-hidden /> Cancel
          </Button>
        }
      />
    </div>
  );
}

/**
 * Sets up an authenticator app: "Set up two-factor" enrols a new TOTP factor (removing one
 * abandoned earlier), shows its QR code and its key as text, then a code from the app verifies
 * it, which turns two-factor sign-in on and raises this session to aal2. `onDone` follows.
 */
export function TwoFactorEnrolmentSteps({
  onDone,
  onCancel,
}: {
  onDone: () => Promise<void>;
  /** After Cancel (the unverified factor is removed again, and the button shows again). */
  onCancel?: () => void;
}) {
  const enroll = useEnrollTwoFactor();

  if (enroll.data) {
    const enrolment = enroll.data;
    return (
      <ConfirmEnrolment
        enrolment={enrolment}
        onDone={onDone}
        onCancel={() => {
          // Best effort: a factor left behind is removed before the next enrolment anyway.
          void removeTwoFactor(enrolment.factorId).catch(() => undefined);
          enroll.reset();
          onCancel?.();
        }}
      />
    );
  }
  const pending = enroll.isPending;
  return (
    <div className="grid gap-3">
      <div aria-live="polite" className="empty:hidden">
        {enroll.isError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {authFailure(enroll.error) === "network"
              ? copy.network
              : "Two-factor could not be set up. Please try again."}
          </p>
        )}
      </div>
      <PendingButton
        type="button"
        className="justify-self-start"
        pending={pending}
        icon={enroll.isError ? <RefreshCw aria-hidden /> : <QrCode aria-hidden />}
        pendingLabel="Setting up..."
        onClick={() => enroll.mutate()}
      >
        Set up two-factor
      </PendingButton>
    </div>
  );
}
