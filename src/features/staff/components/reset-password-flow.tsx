import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "@/components/ui/toaster";
import { staffPath, type Locale } from "@/config/routes";
import { secondFactorDue } from "../api/get-assurance-level";
import { enterStaffSession } from "../api/get-staff-session";
import { updatePassword } from "../api/update-password";
import { authFailure } from "../lib/auth-failure";
import { readAuthLink } from "../lib/auth-link";
import {
  newPasswordCopy,
  newPasswordRefusal,
  newPasswordSchema,
  type NewPasswordValues,
} from "../lib/new-password";
import { resetPasswordCopy, type ResetPasswordCopy } from "../lib/reset-password-copy";
import { AuthLinkStep } from "./auth-link-step";
import { EmailLinkPage } from "./email-link-page";
import { ForgotPasswordForm } from "./forgot-password-form";
import { NewPasswordStep } from "./new-password-step";
import { TwoFactorChallenge } from "./two-factor-challenge";

/** Where the page is: the link's question, the second factor (if the account has one), the form. */
type Step =
  { name: "link" } | { name: "code"; email: string } | { name: "password"; email: string };

function ResetStep({
  email,
  locale,
  copy,
  onCodeDue,
}: {
  email: string;
  locale: Locale;
  copy: ResetPasswordCopy;
  /** Auth wants the second factor first (insufficient_aal). */
  onCodeDue: () => void;
}) {
  const navigate = useNavigate();
  const passwordCopy = newPasswordCopy[locale];
  const { register, handleSubmit, setError, control, formState } = useForm<NewPasswordValues>({
    resolver: zodResolver(newPasswordSchema(passwordCopy)),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await updatePassword(password);
    } catch (error) {
      if (authFailure(error) === "insufficient-aal") return onCodeDue();
      const { message, field } = newPasswordRefusal(error, passwordCopy);
      setError(field ?? "root", { type: "server", message });
      return;
    }
    const session = await enterStaffSession().catch(() => null);
    if (session === null) {
      setError("root", { type: "server", message: copy.noAccess });
      return;
    }
    toast.success(copy.doneTitle, { description: copy.doneBody });
    await navigate(staffPath("admin"), { replace: true });
  });

  return (
    <NewPasswordStep
      icon={KeyRound}
      title={copy.formTitle}
      accountLabel={copy.account}
      email={email}
      idPrefix="reset"
      passwordCopy={passwordCopy}
      control={control}
      register={register}
      onSubmit={onSubmit}
      saving={formState.isSubmitting}
      submitLabel={copy.save}
      savingLabel={copy.saving}
    />
  );
}

/**
 * /admin/reset-password, from a password-reset e-mail (`?token_hash=…&type=recovery&lang=…`):
 * Continue follows the link (a recovery session), an account with an authenticator app gives a
 * code (hosted Auth refuses a password change from its aal1 session), then the new password;
 * Auth ends every other session, and the workspace opens. In the e-mail's language.
 */
export function ResetPasswordFlow() {
  const [params] = useSearchParams();
  const { tokenHash, locale } = readAuthLink(params, "recovery");
  const copy = resetPasswordCopy[locale];
  const [step, setStep] = useState<Step>({ name: "link" });

  return (
    <EmailLinkPage locale={locale}>
      {step.name === "link" && (
        <AuthLinkStep
          tokenHash={tokenHash}
          type="recovery"
          icon={KeyRound}
          copy={{ ...copy, action: copy.continue, pending: copy.continuing }}
          invalid={<ForgotPasswordForm copy={copy.forgot} />}
          onVerified={(email) => {
            // An account whose factors cannot be read now goes to the form; Auth then says
            // whether it needs the code (insufficient_aal).
            void secondFactorDue()
              .catch(() => false)
              .then((due) => setStep(due ? { name: "code", email } : { name: "password", email }));
          }}
        />
      )}
      {step.name === "code" && (
        <TwoFactorChallenge
          locale={locale}
          onVerified={async () => setStep({ name: "password", email: step.email })}
        />
      )}
      {step.name === "password" && (
        <ResetStep
          email={step.email}
          locale={locale}
          copy={copy}
          onCodeDue={() => setStep({ name: "code", email: step.email })}
        />
      )}
    </EmailLinkPage>
  );
}
