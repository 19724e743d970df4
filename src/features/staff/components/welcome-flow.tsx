import { zodResolver } from "@hookform/resolvers/zod";
import { UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { FormField } from "@/components/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { staffPath, type Locale } from "@/config/routes";
import { InvitationAcceptError, acceptStaffInvitation } from "../api/accept-staff-invitation";
import { enterStaffSession } from "../api/get-staff-session";
import { updatePassword } from "../api/update-password";
import { readAuthLink } from "../lib/auth-link";
import {
  newPasswordCopy,
  newPasswordRefusal,
  newPasswordShape,
  withMatchingPasswords,
} from "../lib/new-password";
import { displayNameSchema, staffProfileLimits } from "../lib/staff-profile";
import { welcomeCopy, type WelcomeCopy } from "../lib/welcome-copy";
import { AuthLinkStep } from "./auth-link-step";
import { EmailLinkPage } from "./email-link-page";
import { NewPasswordStep } from "./new-password-step";

interface WelcomeValues {
  displayName: string;
  password: string;
  confirm: string;
}

function welcomeSchema(copy: WelcomeCopy, locale: Locale) {
  const passwords = newPasswordCopy[locale];
  return withMatchingPasswords(
    z.object({
      displayName: displayNameSchema(copy.displayNameMessages),
      ...newPasswordShape(passwords),
    }),
    passwords,
  );
}

function AccountStep({ email, locale }: { email: string; locale: Locale }) {
  const copy = welcomeCopy[locale];
  const passwordCopy = newPasswordCopy[locale];
  const navigate = useNavigate();
  // The password already set by an earlier try (when the name was refused, say): Auth would
  // refuse the same one again as same_password.
  const [passwordSet, setPasswordSet] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState } = useForm<WelcomeValues>({
    resolver: zodResolver(welcomeSchema(copy, locale)),
    defaultValues: { displayName: "", password: "", confirm: "" },
  });

  const onSubmit = handleSubmit(async ({ displayName, password }) => {
    if (passwordSet !== password) {
      try {
        await updatePassword(password);
        setPasswordSet(password);
      } catch (error) {
        const { message, field } = newPasswordRefusal(error, passwordCopy);
        setError(field ?? "root", { type: "server", message });
        return;
      }
    }
    try {
      await acceptStaffInvitation({ displayName, copy: copy.refusals });
    } catch (error) {
      const refusal =
        error instanceof InvitationAcceptError
          ? error
          : new InvitationAcceptError(copy.refusals.failed);
      setError(refusal.field ?? "root", { type: "server", message: refusal.message });
      return;
    }
    const session = await enterStaffSession().catch(() => null);
    if (session === null) {
      setError("root", { type: "server", message: copy.refusals.failed });
      return;
    }
    toast.success(copy.joinedTitle, { description: copy.joinedBody });
    // Where the team requires two-factor, the workspace first walks them through setting it up.
    await navigate(staffPath("admin"), { replace: true });
  });

  return (
    <NewPasswordStep
      icon={UserRoundPlus}
      title={copy.formTitle}
      accountLabel={copy.account}
      email={email}
      idPrefix="welcome"
      passwordCopy={passwordCopy}
      control={control}
      register={register}
      onSubmit={onSubmit}
      saving={formState.isSubmitting}
      submitLabel={copy.join}
      savingLabel={copy.joining}
    >
      <FormField
        control={control}
        name="displayName"
        id="welcome-display-name"
        {...copy.displayName}
      >
        <Input
          autoComplete="name"
          required
          maxLength={staffProfileLimits.displayName}
          {...register("displayName")}
        />
      </FormField>
    </NewPasswordStep>
  );
}

/**
 * /admin/welcome, from an invitation e-mail (`?token_hash=…&type=invite&lang=…`): "Accept
 * invitation" follows the link, then a display name and a password make the account a member's
 * (public.accept_staff_invitation), and the workspace opens. In the invitation's language.
 */
export function WelcomeFlow() {
  const [params] = useSearchParams();
  const { tokenHash, locale } = readAuthLink(params, "invite");
  const copy = welcomeCopy[locale];
  const [email, setEmail] = useState<string | null>(null);

  return (
    <EmailLinkPage locale={locale}>
      {email === null ? (
        <AuthLinkStep
          tokenHash={tokenHash}
          type="invite"
          icon={UserRoundPlus}
          copy={{ ...copy, action: copy.accept, pending: copy.accepting }}
          onVerified={setEmail}
        />
      ) : (
        <AccountStep email={email} locale={locale} />
      )}
    </EmailLinkPage>
  );
}
