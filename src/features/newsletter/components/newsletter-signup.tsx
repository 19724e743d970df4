import { Mail } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field, FieldControl } from "@/components/ui/field";
import type { Locale } from "@/config/routes";
import { useDictionary } from "@/i18n";
import { lazyResolver } from "@/lib/lazy-resolver";
import { useHydrated } from "@/lib/use-hydrated";
import { SubscriptionError, useSubscribe } from "../api/subscribe";
import type { NewsletterValues } from "../lib/newsletter-resolver";

const loadResolver = () => import("../lib/newsletter-resolver");

/**
 * The blog's newsletter sign-up: one e-mail field, stored with the page's language. The language
 * comes as a prop: the blog's filters change the URL, and this part (deferred, maybe not yet
 * hydrated) should not have to re-render for that.
 */
export function NewsletterSignup({ locale }: { locale: Locale }) {
  const t = useDictionary(locale);
  const copy = t.newsletter;
  const id = useId();
  const subscribe = useSubscribe();
  // Until hydrated, a click would submit the form natively.
  const hydrated = useHydrated();
  // The answer to a submission, announced once, next to the form.
  const [outcome, setOutcome] = useState<"subscribed" | "failed" | "rateLimited" | null>(null);
  const resolver = useMemo(
    () =>
      lazyResolver(async () =>
        (await loadResolver()).createNewsletterResolver({
          emailRequired: t.leadForm.errors.emailRequired,
          emailInvalid: t.leadForm.errors.emailInvalid,
        }),
      ),
    [t],
  );
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewsletterValues>({ resolver, defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await subscribe.mutateAsync({ email, language: locale });
    } catch (error) {
      setOutcome(
        error instanceof SubscriptionError && error.rateLimited ? "rateLimited" : "failed",
      );
      return;
    }
    setOutcome("subscribed");
    reset({ email: "" });
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col justify-center rounded-2xl border border-border bg-card px-6 py-10 sm:px-10"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
        <Mail className="size-6" aria-hidden />
      </span>
      <h2 id={`${id}-title`} className="mt-4 text-2xl font-bold text-ink">
        {copy.heading}
      </h2>
      <p className="mt-3 text-muted-foreground">{copy.body}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadResolver()}
        className="mt-6 grid gap-2"
      >
        <Field id={`${id}-email`} label={copy.label} error={errors.email?.message}>
          <div className="flex flex-col gap-3 sm:flex-row">
            <FieldControl>
              <Input
                type="email"
                autoComplete="email"
                placeholder={copy.placeholder}
                aria-required
                {...register("email")}
              />
            </FieldControl>
            <Button type="submit" disabled={!hydrated || subscribe.isPending} className="shrink-0">
              {subscribe.isPending ? copy.submitting : copy.submit}
            </Button>
          </div>
        </Field>
        <p role="status" className="text-sm font-medium text-primary empty:hidden">
          {outcome === "subscribed" ? copy.success : ""}
        </p>
        <p role="alert" className="text-sm font-medium text-destructive empty:hidden">
          {outcome === "failed"
            ? copy.failure
            : outcome === "rateLimited"
              ? copy.tooManyRequests
              : ""}
        </p>
      </form>
    </section>
  );
}
