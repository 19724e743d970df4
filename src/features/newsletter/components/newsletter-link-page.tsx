import { CircleAlert, CircleCheck, LoaderCircle } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { PageMeta } from "@/components/seo/page-meta";
import { pathFor } from "@/config/routes";
import { useI18n } from "@/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { NEWSLETTER_TOKEN_PARAMETER } from "../../../../supabase/functions/_shared/newsletter-pages";
import { useNewsletterLink, type NewsletterLinkAction } from "../api/newsletter-links";

const routeIds = {
  confirm: "newsletterConfirm",
  unsubscribe: "newsletterUnsubscribe",
} as const satisfies Record<NewsletterLinkAction, string>;

type Outcome = "working" | "done" | "invalid" | "failed";

function useOutcome(action: NewsletterLinkAction) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(NEWSLETTER_TOKEN_PARAMETER);
  // The prerendered page and the first render in the browser both show "working": the token
  // is only read once hydrated, so the two agree.
  const hydrated = useHydrated();
  const link = useNewsletterLink(action, hydrated ? token : null);
  let outcome: Outcome = "working";
  if (hydrated && !token) outcome = "invalid";
  else if (link.isError) outcome = "failed";
  else if (link.isSuccess) outcome = link.data ? "done" : "invalid";
  return { outcome, retry: () => void link.refetch() };
}

/** Where a link from a newsletter e-mail lands: it confirms or unsubscribes on arrival. */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { locale, t } = useI18n();
  const copy = t.newsletterLink;
  const { outcome, retry } = useOutcome(action);
  const title = {
    working: copy[action].working,
    done: copy[action].doneTitle,
    invalid: copy[action].invalidTitle,
    failed: copy.failureTitle,
  }[outcome];
  const body = {
    working: "",
    done: copy[action].doneBody,
    invalid: copy[action].invalidBody,
    failed: copy.failureBody,
  }[outcome];
  const Icon = {
    working: LoaderCircle,
    done: CircleCheck,
    invalid: CircleAlert,
    failed: CircleAlert,
  }[outcome];

  return (
    <section aria-labelledby="page-title" className="bg-linear-to-b from-secondary to-background">
      <PageMeta id={routeIds[action]} noindex />
      <div
        className="container flex min-h-[28rem] flex-col items-center py-20 text-center sm:py-28"
        aria-live="polite"
        aria-busy={outcome === "working"}
      >
        <span
          className={`flex size-16 items-center justify-center rounded-full shadow-lg ${outcome === "done" ? "bg-primary text-primary-foreground shadow-primary/30" : "bg-card text-primary"}`}
        >
          <Icon className={`size-8 ${outcome === "working" ? "animate-spin" : ""}`} aria-hidden />
        </span>
        <h1
          id="page-title"
          className="mt-6 max-w-2xl text-headline font-extrabold text-balance text-ink"
        >
          {title}
        </h1>
        <p className="mt-4 min-h-14 max-w-xl text-lg leading-relaxed text-muted-foreground">
          {body}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          {outcome === "failed" && (
            <Button size="lg" onClick={retry}>
              {copy.retry}
            </Button>
          )}
          <Button asChild size="lg" variant={outcome === "failed" ? "outline" : "default"}>
            <Link to={pathFor("blog", locale)}>{copy.toBlog}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
