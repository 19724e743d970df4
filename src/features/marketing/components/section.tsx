import type { LucideIcon } from "lucide-react";
import { Children, type ReactNode } from "react";
import { cn } from "@/lib/cn";

interface SectionHeadingProps {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "left" | "center";
  tone?: "light" | "dark";
  className?: string;
}

/** The eyebrow, h2 and intro that open a page section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "left",
  tone = "light",
  className,
}: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center", className)}>
      {eyebrow && (
        <p
          className={cn(
            "text-sm font-semibold uppercase tracking-wider",
            dark ? "text-emerald-300" : "text-primary",
          )}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={cn(
          "mt-2 text-headline font-bold text-balance",
          dark ? "text-white" : "text-ink",
        )}
      >
        {title}
      </h2>
      {intro && (
        <p
          className={cn(
            "mt-4 text-lg leading-relaxed",
            dark ? "text-ink-foreground/85" : "text-muted-foreground",
          )}
        >
          {intro}
        </p>
      )}
    </div>
  );
}

/** What a standard section heading says: a content module's section copy fits as it is. */
export interface HeadingCopy {
  eyebrow?: string;
  title: string;
  intro?: string;
}

const backgrounds = { light: "", muted: "bg-muted/40", dark: "bg-ink" };

interface SectionProps {
  /** The id of the section's h2. */
  labelledBy: string;
  /** A standard heading above the children; without it, the children place their own. */
  heading?: HeadingCopy;
  align?: SectionHeadingProps["align"];
  /** The background, which the heading's colours follow. */
  tone?: keyof typeof backgrounds;
  /** No top padding: the section goes on from the one above, on the same background. */
  flush?: boolean;
  children: ReactNode;
}

/** A page section with vertical rhythm, labelled by its heading. */
export function Section({
  labelledBy,
  heading,
  align,
  tone = "light",
  flush = false,
  children,
}: SectionProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn("py-16 sm:py-24", backgrounds[tone], flush && "pt-0 sm:pt-0")}
    >
      <div className="container">
        {heading && (
          <SectionHeading
            id={labelledBy}
            eyebrow={heading.eyebrow}
            title={heading.title}
            intro={heading.intro}
            align={align}
            tone={tone === "dark" ? "dark" : "light"}
          />
        )}
        {children}
      </div>
    </section>
  );
}

/** Cards side by side under a section heading, as a list: each card becomes a list item. */
export function CardGrid({ columns, children }: { columns: string; children: ReactNode }) {
  return (
    <ul className={`mt-12 grid gap-6 ${columns}`}>
      {Children.map(children, (card) => card && <li>{card}</li>)}
    </ul>
  );
}

// Here rather than in a module of its own, which the build would bundle with the arrow icon that
// the blog pages load (npm run size).
interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  tone?: "light" | "dark";
}

/** An icon, a short title and a sentence: reasons to choose us, values. */
export function FeatureCard({ icon: Icon, title, description, tone = "light" }: FeatureCardProps) {
  const dark = tone === "dark";
  return (
    <div
      className={cn(
        "h-full rounded-2xl p-6 sm:p-7",
        dark ? "bg-white/5 ring-1 ring-white/10" : "border border-border bg-card shadow-sm",
      )}
    >
      <span
        className={cn(
          "flex size-11 items-center justify-center rounded-xl",
          dark ? "bg-emerald-400/15 text-emerald-300" : "bg-secondary text-primary",
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <h3 className={cn("mt-5 text-lg font-bold", dark ? "text-white" : "text-ink")}>{title}</h3>
      <p
        className={cn(
          "mt-2 leading-relaxed",
          dark ? "text-ink-foreground/80" : "text-muted-foreground",
        )}
      >
        {description}
      </p>
    </div>
  );
}
