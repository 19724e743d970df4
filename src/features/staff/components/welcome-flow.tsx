import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, UserRoundPlus } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { staffPath, type Locale } from "@/config/routes";
import { languages } from "@shared/languages.ts";
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
import { AuthLinkStep, StepCard } from "./auth-link-step";
import { FormRootError } from "./form-root-error";
import { NewPasswordFields } from "./new-password-fields";

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

  const saving = formState.isSubmitting;
  return (
    <StepCard
      key="account"
      icon={UserRoundPlus}
      title={copy.formTitle}
      description={`${copy.account} ${email}`}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={copy.formTitle}>
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
        <NewPasswordFields
          idPrefix="welcome"
          copy={passwordCopy}
          control={control}
          register={register}
          username={email}
        />
        <FormRootError control={control} />
        <Button type="submit" size="lg" className="w-full" disabled={saving}>
          {saving && <Loader2 className="animate-spin" aria-hidden />}
          {saving ? copy.joining : copy.join}
        </Button>
      </form>
    </StepCard>
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
    <div lang={languages.lang[locale]} className="container flex justify-center py-12 sm:py-20">
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
    </div>
  );
}
