import type { Control, FieldValues, Path, UseFormRegister } from "react-hook-form";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { passwordLimits, type NewPasswordCopy, type NewPasswordValues } from "../lib/new-password";

/**
 * A new password and its confirmation, in any form whose values include them (the profile's
 * change-password form, the reset page, the invitation page). Browsers offer a strong password
 * for `new-password` fields and store it with the account's e-mail.
 */
export function NewPasswordFields<Values extends FieldValues & NewPasswordValues>({
  idPrefix,
  copy,
  control,
  register,
  username,
}: {
  idPrefix: string;
  /** The account's e-mail, for password managers to store the new password under. */
  username?: string;
  copy: NewPasswordCopy;
  control: Control<Values>;
  register: UseFormRegister<Values>;
}) {
  const field = (name: keyof NewPasswordValues) => name as Path<Values>;
  const inputProps = {
    type: "password",
    autoComplete: "new-password",
    required: true,
    maxLength: passwordLimits.max,
  } as const;
  return (
    <>
      {username !== undefined && (
        <input type="email" autoComplete="username" value={username} readOnly hidden />
      )}
      <FormField
        control={control}
        name={field("password")}
        id={`${idPrefix}-password`}
        label={copy.passwordLabel}
        description={copy.passwordDescription}
      >
        <Input {...inputProps} {...register(field("password"))} />
      </FormField>
      <FormField
        control={control}
        name={field("confirm")}
        id={`${idPrefix}-confirm`}
        label={copy.confirmLabel}
      >
        <Input {...inputProps} {...register(field("confirm"))} />
      </FormField>
    </>
  );
}
