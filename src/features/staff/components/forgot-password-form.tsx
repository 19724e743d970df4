import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, MailCheck, RefreshCw, Send } from "lucide-react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { Input } from "@/components/ui/input";
import { useRequestPasswordReset } from "../api/request-password-reset";
import type { ResetPasswordCopy } from "../lib/reset-password-copy";

type ForgotCopy = ResetPasswordCopy["forgot"];

interface ForgotValues {
  email: string;
}

function forgotSchema(copy: ForgotCopy) {
  return z.object({
    email: z.string().trim().min(1, copy.emailRequired).email(copy.emailInvalid),
  });
}

/**
 * Asks for a password-reset e-mail. Whatever Auth answers, it says the same sentence (the answer
 * never tells whether an address has an account); only a request that never reached the server
 * shows an error, with a retry.
 */
export function ForgotPasswordForm({
  copy,
  defaultEmail = "",
  onBack,
}: {
  copy: ForgotCopy;
  defaultEmail?: string;
  /** Back to the sign-in form, where there is one. */
  onBack?: () => void;
}) {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, control } = useForm<ForgotValues>({
    resolver: zodResolver(forgotSchema(copy)),
    defaultValues: { email: defaultEmail },
  });
  const onSubmit = handleSubmit((values) => request.mutate(values.email));
  const pending = request.isPending;

  return (
    <div className="grid gap-4">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={copy.title}>
        <FormField control={control} name="email" id="forgot-email" label={copy.emailLabel}>
          <Input type="email" autoComplete="username" required {...register("email")} />
        </FormField>
        <div className="flex flex-wrap items-center gap-3">
          <PendingButton
            type="submit"
            pending={pending}
            icon={request.isError ? <RefreshCw aria-hidden /> : <Send aria-hidden />}
            pendingLabel={copy.sending}
          >
            {copy.send}
          </PendingButton>
          {onBack && (
            <Button type="button" variant="ghost" onClick={onBack}>
              <ArrowLeft aria-hidden />
              {copy.back}
            </Button>
          )}
        </div>
      </form>
      {/* Under the form, so nothing above it moves; read out when it appears. */}
      <div aria-live="polite" className="empty:hidden">
        {request.isSuccess && (
          <p className="flex gap-2 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            {copy.sent}
          </p>
        )}
        {request.isError && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 px-3 py-2 text-sm text-destructive"
          >
            {copy.network}
          </p>
        )}
      </div>
    </div>
  );
}
