import type { ReactNode } from "react";
import type { Locale } from "@/config/routes";
import { useI18n } from "@/i18n";
import { cn } from "@/lib/cn";

/** A page's copy in the language of its URL (a content module's `{ en, fr }`), and that language. */
export function usePageCopy<Content>(copyByLocale: Record<Locale, Content>) {
  const { locale } = useI18n();
  return { locale, content: copyByLocale[locale] };
}

/** The page's own words: a content module's hero. */
export interface HeroCopy {
  eyebrow: string;
  title: string;
  intro: string;
}

interface PageHeroProps {
  copy: HeroCopy;
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

// Illustration and StatGrid live with the hero (whose aside and footer they often are) rather than
// in modules of their own, which the build would bundle with the arrow icon the blog pages load
// (npm run size).
interface IllustrationProps {
  /** A file in public/images. */
  src: string;
  alt: string;
  /** The file's own size, so the page keeps its place while it loads. */
  width: number;
  height: number;
  /** For the page's largest paint: fetched first. Otherwise it loads as it nears the viewport. */
  priority?: boolean;
  className: string;
}

/** A page illustration from public/images, lazy unless it is the page's largest paint. */
export function Illustration({
  src,
  alt,
  width,
  height,
  priority = false,
  className,
}: IllustrationProps) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      {...(priority ? { fetchPriority: "high" } : { loading: "lazy", decoding: "async" })}
      className={className}
    />
  );
}

export interface Figure {
  value: string;
  label: string;
}

interface StatGridProps {
  items: readonly Figure[];
  tone?: "light" | "dark" | "card";
  /** Smaller figures for narrow columns. */
  compact?: boolean;
  className?: string;
}

/** Key figures: the value stands out, the label explains it. */
export function StatGrid({ items, tone = "card", compact = false, className }: StatGridProps) {
  return (
    <dl
      className={cn(
        "grid grid-cols-2 gap-4",
        items.length === 4 ? "lg:grid-cols-4" : "sm:grid-cols-3",
        className,
      )}
    >
      {items.map((item) => (
        <div
          key={item.label}
          className={cn(
            "flex flex-col-reverse justify-end gap-2 rounded-2xl p-5 sm:p-6",
            tone === "card" && "border border-border bg-background/90 shadow-sm backdrop-blur",
            tone === "light" && "bg-secondary",
            tone === "dark" && "bg-white/5 ring-1 ring-white/10",
          )}
        >
          <dt
            className={cn(
              "text-sm font-medium leading-snug",
              tone === "dark" ? "text-ink-foreground/80" : "text-muted-foreground",
            )}
          >
            {item.label}
          </dt>
          <dd
            className={cn(
              "font-extrabold tracking-tight tabular-nums",
              compact ? "text-2xl sm:text-3xl" : "text-2xl sm:text-4xl",
              tone === "dark" ? "text-emerald-300" : "text-primary",
            )}
          >
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
