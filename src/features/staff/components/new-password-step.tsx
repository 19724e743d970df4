import type { LucideIcon } from "lucide-react";
import type { FormEventHandler, ReactNode } from "react";
import type { Control, FieldValues, UseFormRegister } from "react-hook-form";
import { PendingButton } from "@/components/ui/pending-button";
import type { NewPasswordCopy, NewPasswordValues } from "../lib/new-password";
import { FormRootError } from "./form-root-error";
import { NewPasswordFields } from "./new-password-fields";
import { StepCard } from "./step-card";

/**
 * The last step of an e-mail link's page (reset password, welcome): the account's e-mail, the
 * form's own fields (`children`), a new password with its confirmation, the form's error, and a
 * full-width submit button that waits while `saving`.
 */
export function NewPasswordStep<Values extends FieldValues & NewPasswordValues>({
  icon,
  title,
  accountLabel,
  email,
  idPrefix,
  passwordCopy,
  control,
  register,
  onSubmit,
  saving,
  submitLabel,
  savingLabel,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** Before the e-mail in the description ("Account:"). */
  accountLabel: string;
  email: string;
  idPrefix: string;
  passwordCopy: NewPasswordCopy;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  submitLabel: string;
  savingLabel: string;
  /** Fields before the password's. */
  children?: ReactNode;
}) {
  return (
    <StepCard icon={icon} title={title} description={`${accountLabel} ${email}`}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={title}>
        {children}
        <NewPasswordFields
          idPrefix={idPrefix}
          copy={passwordCopy}
          control={control}
          register={register}
          username={email}
        />
        <FormRootError control={control} />
        <PendingButton
          type="submit"
          size="lg"
          className="w-full"
          pending={saving}
          pendingLabel={savingLabel}
        >
          {submitLabel}
        </PendingButton>
      </form>
    </StepCard>
  );
}
