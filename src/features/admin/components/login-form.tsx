import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, LockKeyhole } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/ui/toaster";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
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
            <div className="grid gap-2">
              <Label htmlFor="admin-email">Email</Label>
              <Input
                id="admin-email"
                type="email"
                autoComplete="username"
                required
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? "admin-email-error" : undefined}
                {...register("email")}
              />
              {errors.email ? (
                <p id="admin-email-error" className="text-sm text-destructive">
                  {errors.email.message}
                </p>
              ) : null}
            </div>
            <div className="grid gap-2">
              <Label htmlFor="admin-password">Password</Label>
              <Input
                id="admin-password"
                type="password"
                autoComplete="current-password"
                required
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={errors.password ? "admin-password-error" : undefined}
                {...register("password")}
              />
              {errors.password ? (
                <p id="admin-password-error" className="text-sm text-destructive">
                  {errors.password.message}
                </p>
              ) : null}
            </div>
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
