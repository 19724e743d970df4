import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toaster";
import { useUpdatePassword } from "../api/update-password";
import {
  newPasswordCopy,
  newPasswordRefusal,
  newPasswordSchema,
  type NewPasswordValues,
} from "../lib/new-password";
import { FormRootError } from "./form-root-error";
import { NewPasswordFields } from "./new-password-fields";
import { ProfileCard } from "./profile-card";
import { SubmitRow } from "./submit-row";

const copy = newPasswordCopy.en;
const schema = newPasswordSchema(copy);

/**
 * Profile: a new password for the signed-in account. Auth signs every other session of the
 * account out, and refuses the current password again.
 */
export function ChangePasswordForm({ email }: { email?: string }) {
  const update = useUpdatePassword();
  const { register, handleSubmit, reset, setError, control } = useForm<NewPasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await update.mutateAsync(password);
      reset();
      toast.success("Password changed", {
        description: "Your other sessions were signed out.",
      });
    } catch (error) {
      const { message, field } = newPasswordRefusal(error, copy);
      setError(field ?? "root", { type: "server", message });
    }
  });

  return (
    <ProfileCard
      headingId="change-password-heading"
      title="Password"
      description="Changing it signs you out everywhere else (other browsers and devices)."
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-5"
        aria-labelledby="change-password-heading"
      >
        <NewPasswordFields
          idPrefix="change"
          copy={copy}
          control={control}
          register={register}
          username={email}
        />
        <FormRootError control={control} />
        <SubmitRow
          pending={update.isPending}
          icon={<KeyRound aria-hidden />}
          label="Change password"
          pendingLabel="Changing..."
          status="Changing your password..."
        />
      </form>
    </ProfileCard>
  );
}
