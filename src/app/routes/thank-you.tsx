import { ArrowLeft, CircleCheck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { pathFor } from "@/config/routes";
import { thankYouContent } from "@/content/thank-you";
import { trackThankYou } from "@/features/consent/analytics";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";

export default function ThankYouPage() {
  const { locale } = useI18n();
  const content = thankYouContent[locale];

  useEffect(() => trackThankYou(locale), [locale]);

  return (
    <section
      aria-labelledby="page-title"
      className="relative isolate overflow-hidden bg-linear-to-b from-secondary via-background to-background"
    >
      <PageMeta id="thankYou" noindex />
      <div
        aria-hidden
        className="absolute -top-32 left-1/2 -z-10 size-[32rem] -translate-x-1/2 rounded-full bg-emerald-300/25 blur-3xl"
      />
      <div className="container flex flex-col items-center py-20 text-center sm:py-28">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg shadow-primary/30">
          <CircleCheck className="size-8" aria-hidden />
        </span>
        <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-primary">
          {content.eyebrow}
        </p>
        <h1
          id="page-title"
          className="mt-3 max-w-2xl text-headline font-extrabold text-balance text-ink"
        >
          {content.title}
        </h1>
        <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">
          {content.body}
        </p>

        <div className="mt-10 w-full max-w-xl rounded-2xl border border-border bg-card p-6 text-left shadow-sm sm:p-8">
          <h2 className="text-lg font-bold text-ink">{content.nextSteps.title}</h2>
          <ol className="mt-4 space-y-4">
            {content.nextSteps.items.map((step, index) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-bold text-primary"
                >
                  {index + 1}
                </span>
                <span className="leading-relaxed text-foreground/85">{step}</span>
              </li>
            ))}
          </ol>
        </div>

        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={pathFor("home", locale)}>
              <ArrowLeft aria-hidden />
              {content.backHome}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={pathFor("caseStudies", locale)}>{content.readCases}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
