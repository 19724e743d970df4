import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, Loader2 } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
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

  const saving = update.isPending;
  return (
    <Card className="w-full max-w-xl">
      <CardHeader>
        <h2 id="change-password-heading" className="text-lg font-semibold leading-tight">
          Password
        </h2>
        <CardDescription>
          Changing it signs you out everywhere else (other browsers and devices).
        </CardDescription>
      </CardHeader>
      <CardContent>
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
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
              {saving ? "Changing..." : "Change password"}
            </Button>
            <p className="sr-only" role="status" aria-live="polite">
              {saving ? "Changing your password..." : ""}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
