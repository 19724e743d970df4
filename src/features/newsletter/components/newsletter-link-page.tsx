import { CircleAlert, CircleCheck, LoaderCircle, MailPlus, MailX } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { PageMeta } from "@/components/seo/page-meta";
import { pathFor } from "@/config/routes";
import { newsletterLinkContent } from "@/content/newsletter-link";
import { useI18n } from "@/i18n";
import { useHydrated } from "@/lib/use-hydrated";
import { NEWSLETTER_TOKEN_PARAMETER } from "@shared/newsletter-pages.ts";
import { useFollowNewsletterLink, type NewsletterLinkAction } from "../api/newsletter-links";

const routeIds = {
  confirm: "newsletterConfirm",
  unsubscribe: "newsletterUnsubscribe",
} as const satisfies Record<NewsletterLinkAction, string>;

const askIcons = {
  confirm: MailPlus,
  unsubscribe: MailX,
} as const satisfies Record<NewsletterLinkAction, unknown>;

/** What the page shows: the question, the answer on its way, then the answer. */
type Outcome = "ask" | "pending" | "done" | "invalid" | "failed";

function useLinkOutcome(action: NewsletterLinkAction) {
  const [searchParams] = useSearchParams();
  // The page is prerendered without the link's query string: the prerendered HTML and the first
  // render in the browser both ask, with the button disabled; the token is read once hydrated.
  const hydrated = useHydrated();
  const token = hydrated ? searchParams.get(NEWSLETTER_TOKEN_PARAMETER) : null;
  const follow = useFollowNewsletterLink(action);
  // One request at a time, even for a second click before the pending state has rendered: a
  // confirmation token is single-use, and a second answer ("used") would hide the first.
  const inFlight = useRef(false);

  let outcome: Outcome = "ask";
  if (hydrated && !token) outcome = "invalid";
  else if (follow.isPending) outcome = "pending";
  else if (follow.isError) outcome = "failed";
  else if (follow.isSuccess) outcome = follow.data ? "done" : "invalid";

  const run = () => {
    if (!token || inFlight.current) return;
    inFlight.current = true;
    follow.mutate(token, {
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  // Whether the visitor has pressed the button yet (the outcome of a link without a token is
  // shown without anything pressed).
  return { outcome, hydrated, run, pressed: !follow.isIdle };
}

/**
 * Where a link from a newsletter e-mail lands. It says what the link will do and does it only
 * when the visitor presses the button: opening the link (as mail scanners do, scripts and all)
 * changes nothing. Mail apps' one-click unsubscribe (RFC 8058) goes to the newsletter function
 * instead, without this page.
 */
export function NewsletterLinkPage({ action }: { action: NewsletterLinkAction }) {
  const { locale } = useI18n();
  const copy = newsletterLinkContent[locale];
  const { outcome, hydrated, run, pressed } = useLinkOutcome(action);
  const heading = useRef<HTMLHeadingElement>(null);

  // The answer replaces the button the visitor pressed: focus, lost with it, goes to the
  // heading, which now says what happened. (After a failure the same button offers a retry and
  // keeps the focus.)
  useEffect(() => {
    if (!pressed || (outcome !== "done" && outcome !== "invalid")) return;
    const focused = document.activeElement;
    if (focused === null || focused === document.body) heading.current?.focus();
  }, [outcome, pressed]);

  const asking = outcome === "ask" || outcome === "pending";
  const text = copy[action];
  const prompt = { title: text.promptTitle, body: text.promptBody, Icon: askIcons[action] };
  const { title, body, Icon } = {
    ask: prompt,
    pending: prompt,
    done: { title: text.doneTitle, body: text.doneBody, Icon: CircleCheck },
    invalid: { title: text.invalidTitle, body: text.invalidBody, Icon: CircleAlert },
    failed: { title: copy.failureTitle, body: copy.failureBody, Icon: CircleAlert },
  }[outcome];
  const pending = outcome === "pending";

  return (
    <section aria-labelledby="page-title" className="bg-linear-to-b from-secondary to-background">
      <PageMeta id={routeIds[action]} noindex />
      <div
        // Tall enough for the longest state (the question, on a 320 px phone), so the footer
        // stays put when the answer comes.
        className="container flex min-h-[41rem] flex-col items-center py-20 text-center sm:min-h-[36rem] sm:py-28"
        aria-live="polite"
        aria-busy={pending}
      >
        <span
          className={`flex size-16 items-center justify-center rounded-full shadow-lg ${outcome === "done" ? "bg-primary text-primary-foreground shadow-primary/30" : "bg-card text-primary"}`}
        >
          <Icon className="size-8" aria-hidden />
        </span>
        <h1
          id="page-title"
          ref={heading}
          tabIndex={-1}
          className="mt-6 max-w-2xl text-headline font-extrabold text-balance text-ink focus:outline-none"
        >
          {title}
        </h1>
        <p className="mt-4 min-h-14 max-w-xl text-lg leading-relaxed text-muted-foreground">
          {body}
        </p>
        {/* Stacked, full width, on a phone; side by side from sm. */}
        <div className="mt-8 flex w-full max-w-xs flex-col gap-3 sm:w-auto sm:max-w-none sm:flex-row sm:justify-center">
          {(asking || outcome === "failed") && (
            // One button from the question to the retry, so focus stays on it. Disabled until
            // hydrated (a click would do nothing yet); while the answer is on its way it stays
            // focusable but ignores clicks (aria-disabled).
            <Button
              type="button"
              size="lg"
              disabled={!hydrated}
              aria-disabled={pending || undefined}
              aria-busy={pending || undefined}
              onClick={pending ? undefined : run}
              className="aria-disabled:cursor-progress aria-disabled:opacity-80"
            >
              <StableLabel
                pending={pending}
                idle={asking ? copy[action].action : copy.retry}
                busy={copy[action].pending}
              />
            </Button>
          )}
          <Button
            asChild
            size="lg"
            variant={asking || outcome === "failed" ? "outline" : "default"}
          >
            <Link to={pathFor("blog", locale)}>{copy.toBlog}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/**
 * The button's label, idle or busy (a spinner and the busy words). Both take the same place, the
 * other one hidden, so the button keeps its width and nothing beside it moves.
 */
function StableLabel({ pending, idle, busy }: { pending: boolean; idle: string; busy: string }) {
  const place = "col-start-1 row-start-1 inline-flex items-center justify-center gap-2";
  return (
    <span className="grid">
      <span className={pending ? `${place} invisible` : place} aria-hidden={pending || undefined}>
        {idle}
      </span>
      <span className={pending ? place : `${place} invisible`} aria-hidden={!pending || undefined}>
        <LoaderCircle className="animate-spin" aria-hidden />
        {busy}
      </span>
    </span>
  );
}
