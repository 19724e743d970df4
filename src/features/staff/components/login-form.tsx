import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, LockKeyhole } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toaster";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Field, FieldControl } from "@/components/ui/field";
import { useSignInStaff } from "../api/sign-in-staff";
import { resetPasswordCopy } from "../lib/reset-password-copy";
import { ForgotPasswordForm } from "./forgot-password-form";
import { useFocusOnMount } from "./use-focus-on-mount";

const schema = z.object({
  email: z.string().trim().min(1, "Email is required").email("Enter a valid email address"),
  password: z.string().min(1, "Password is required"),
});

type LoginValues = z.infer<typeof schema>;

const forgotCopy = resetPasswordCopy.en.forgot;

/** The card's heading; it takes the focus when the card switches between its two forms. */
function StepHeading({ children, focus }: { children: string; focus: boolean }) {
  const heading = useFocusOnMount<HTMLHeadingElement>(focus);
  return (
    <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold leading-tight focus:outline-none">
      {children}
    </h1>
  );
}

function SignInFields({
  notice,
  onForgot,
}: {
  notice?: string;
  onForgot: (email: string) => void;
}) {
  const signIn = useSignInStaff();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      // An account with two-factor goes on to its code step (the workspace shows it).
      (session) => {
        if (session.status === "staff") {
          toast.success("Login successful", { description: "Welcome to the admin panel" });
        }
      },
      (error: unknown) =>
        toast.error("Login failed", {
          description: error instanceof Error ? error.message : "Invalid credentials",
        }),
    ),
  );

  return (
    <>
      {notice ? (
        <p
          role="alert"
          className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {notice}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Admin login">
        <Field id="admin-email" label="Email" error={errors.email?.message}>
          <FieldControl>
            <Input type="email" autoComplete="username" required {...register("email")} />
          </FieldControl>
        </Field>
        <Field
          id="admin-password"
          label="Password"
          error={errors.password?.message}
          aside={
            <Button
              type="button"
              variant="link"
              className="h-auto p-0 text-sm font-medium"
              onClick={() => onForgot(getValues("email"))}
            >
              {forgotCopy.link}
            </Button>
          }
        >
          <FieldControl>
            <Input
              type="password"
              autoComplete="current-password"
              required
              {...register("password")}
            />
          </FieldControl>
        </Field>
        <PendingButton
          type="submit"
          pending={signIn.isPending}
          pendingLabel="Signing in..."
          className="mt-2 w-full"
        >
          Sign in
        </PendingButton>
      </form>
    </>
  );
}

/**
 * `/admin` signed out: e-mail and password, or ("Forgot password?") the form that asks for a
 * password-reset e-mail.
 */
export function LoginForm({ notice }: { notice?: string }) {
  // Null while signing in; the address typed so far once "Forgot password?" was pressed.
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const [switched, setSwitched] = useState(false);
  const forgot = forgotEmail !== null;
  const Icon = forgot ? KeyRound : LockKeyhole;

  return (
    <div className="container flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden />
          </div>
          {forgot ? (
            <StepHeading key="forgot" focus={switched}>
              {forgotCopy.title}
            </StepHeading>
          ) : (
            <StepHeading key="sign-in" focus={switched}>
              Staff sign-in
            </StepHeading>
          )}
          <CardDescription>
            {forgot
              ? forgotCopy.intro
              : "Sign in with your staff account to manage leads and posts."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {forgot ? (
            <ForgotPasswordForm
              copy={forgotCopy}
              defaultEmail={forgotEmail}
              onBack={() => {
                setSwitched(true);
                setForgotEmail(null);
              }}
            />
          ) : (
            <SignInFields
              notice={notice}
              onForgot={(email) => {
                setSwitched(true);
                setForgotEmail(email);
              }}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
