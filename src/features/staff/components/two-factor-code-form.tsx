import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import {
  twoFactorCodeSchema,
  twoFactorRefusal,
  type TwoFactorCodeValues,
  type TwoFactorCopy,
} from "../lib/two-factor";

/**
 * One code from the authenticator app: six digits, filled in by the phone's keyboard or
 * password manager (one-time-code). A refused code shows on the field, which is emptied and
 * keeps the focus for the next one.
 */
export function TwoFactorCodeForm({
  id,
  copy,
  submitLabel = copy.verify,
  pendingLabel = copy.verifying,
  onCode,
  autoFocus = false,
  actions,
}: {
  /** The code input's id (and the form's name for assistive technology). */
  id: string;
  copy: TwoFactorCopy;
  submitLabel?: string;
  pendingLabel?: string;
  /** Checks the code; a rejection is shown as the field's error. */
  onCode: (code: string) => Promise<void>;
  autoFocus?: boolean;
  /** More buttons beside the submit one (cancel, sign out). */
  actions?: ReactNode;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    control,
    formState: { isSubmitting },
  } = useForm<TwoFactorCodeValues, unknown, TwoFactorCodeValues>({
    resolver: zodResolver(twoFactorCodeSchema(copy)),
    defaultValues: { code: "" },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code);
    } catch (error) {
      resetField("code");
      setError("code", { type: "server", message: twoFactorRefusal(error, copy) });
      setFocus("code");
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={copy.title}>
      <FormField
        control={control}
        name="code"
        id={id}
        label={copy.codeLabel}
        description={copy.codeDescription}
      >
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          spellCheck={false}
          autoFocus={autoFocus}
          className="max-w-48 font-mono text-lg tracking-[0.3em]"
          {...register("code")}
        />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton
          type="submit"
          pending={isSubmitting}
          icon={<ShieldCheck aria-hidden />}
          pendingLabel={pendingLabel}
        >
          {submitLabel}
        </PendingButton>
        {actions}
      </div>
    </form>
  );
}
