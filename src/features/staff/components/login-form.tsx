import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toaster";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Field, FieldControl } from "@/components/ui/field";
import { useSignInStaff } from "../api/sign-in-staff";

const schema = z.object({
  email: z.string().trim().min(1, "Email is required").email("Enter a valid email address"),
  password: z.string().min(1, "Password is required"),
});

type LoginValues = z.infer<typeof schema>;

export function LoginForm({ notice }: { notice?: string }) {
  const signIn = useSignInStaff();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({
    resolver: zodResolver(schema),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = handleSubmit((values) =>
    signIn.mutateAsync(values).then(
      () => toast.success("Login successful", { description: "Welcome to the admin panel" }),
      (error: unknown) =>
        toast.error("Login failed", {
          description: error instanceof Error ? error.message : "Invalid credentials",
        }),
    ),
  );

  return (
    <div className="container flex justify-center py-16 sm:py-24">
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LockKeyhole className="size-5" aria-hidden />
          </div>
          <h1 className="text-2xl font-bold leading-tight">Staff sign-in</h1>
          <CardDescription>
            Sign in with your staff account to manage leads and posts.
          </CardDescription>
        </CardHeader>
        <CardContent>
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
            <Field id="admin-password" label="Password" error={errors.password?.message}>
              <FieldControl>
                <Input
                  type="password"
                  autoComplete="current-password"
                  required
                  {...register("password")}
                />
              </FieldControl>
            </Field>
            <Button type="submit" disabled={signIn.isPending} className="mt-2 w-full">
              {signIn.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {signIn.isPending ? "Signing in..." : "Sign in"}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
