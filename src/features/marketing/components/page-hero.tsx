import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

interface PageHeroProps {
  /** The page's own words: a content module's hero. */
  copy: { eyebrow: string; title: string; intro: string };
  /** Calls to action under the intro. */
  actions?: ReactNode;
  /** An illustration or figures on the right on wide screens. */
  aside?: ReactNode;
  /** Extra content under the hero text (claims, say). */
  footer?: ReactNode;
  className?: string;
}

/** The top of every marketing page: the page's only h1. */
export function PageHero({
  copy: { eyebrow, title, intro },
  actions,
  aside,
  footer,
  className,
}: PageHeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn(
        "relative isolate overflow-hidden border-b border-border/60 bg-linear-to-b from-secondary via-background to-background",
        className,
      )}
    >
      <div
        aria-hidden
        className="absolute -top-40 right-[-10%] -z-10 size-[36rem] rounded-full bg-emerald-300/25 blur-3xl"
      />
      <div
        aria-hidden
        className="absolute -left-40 top-24 -z-10 size-[28rem] rounded-full bg-teal-200/30 blur-3xl"
      />
      <div className="container py-16 sm:py-24">
        <div
          className={cn(
            "grid items-center gap-12",
            aside ? "lg:grid-cols-[1.1fr_0.9fr]" : "max-w-3xl",
          )}
        >
          <div>
            <p className="inline-flex items-center rounded-full border border-primary/20 bg-background/80 px-3 py-1 text-sm font-semibold text-primary shadow-sm">
              {eyebrow}
            </p>
            <h1 id="page-title" className="mt-5 text-display font-extrabold text-balance text-ink">
              {title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
              {intro}
            </p>
            {actions && <div className="mt-8 flex flex-wrap gap-3">{actions}</div>}
          </div>
          {aside && <div className="relative">{aside}</div>}
        </div>
        {footer && <div className="mt-14">{footer}</div>}
      </div>
    </section>
  );
}
