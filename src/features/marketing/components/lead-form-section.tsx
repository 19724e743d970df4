import type { ReactNode } from "react";
import { useId } from "react";
import { ArrowDown } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { auditFormSectionId } from "@/config/routes";
import { cn } from "@/lib/cn";
import { PageHero, type HeroCopy } from "./page-hero";

interface LeadFormLinkProps {
  target: string;
  children: ReactNode;
  variant?: "default" | "inverse" | "outline";
  size?: "default" | "lg";
  className?: string;
}

/**
 * A call to action that works as a plain in-page link and, with JavaScript, also moves focus to
 * the form (src/lib/section-links.ts, listening from the entry).
 */
export function LeadFormLink({
  target,
  children,
  variant = "default",
  size = "lg",
  className,
}: LeadFormLinkProps) {
  return (
    <a
      href={`#${target}`}
      data-focus-section
      className={cn(buttonVariants({ variant, size }), className)}
    >
      {children}
      <ArrowDown aria-hidden />
    </a>
  );
}

/** A page's hero whose one call to action leads to the page's form (the free audit, by default). */
export function LeadFormHero({
  copy,
  formId = auditFormSectionId,
}: {
  copy: HeroCopy & { cta: string };
  formId?: string;
}) {
  return <PageHero copy={copy} actions={<LeadFormLink target={formId}>{copy.cta}</LeadFormLink>} />;
}

interface LeadFormSectionProps {
  id: string;
  copy: { title: string; intro: string };
  /** The lead form itself (added by the lead-capture change). */
  children?: ReactNode;
}

/** The 'free app growth audit' section: a heading, an intro and the slot for the form. */
export function LeadFormSection({ id, copy, children }: LeadFormSectionProps) {
  const headingId = useId();
  const hasForm = Boolean(children);
  return (
    <section id={id} aria-labelledby={headingId} className="py-16 sm:py-24">
      <div className="container">
        <div className="relative isolate overflow-hidden rounded-3xl bg-ink px-6 py-12 shadow-xl sm:px-12 sm:py-16">
          <div
            aria-hidden
            className="absolute -right-24 -top-24 -z-10 size-80 rounded-full bg-emerald-500/30 blur-3xl"
          />
          <div
            aria-hidden
            className="absolute -bottom-32 -left-16 -z-10 size-80 rounded-full bg-teal-400/20 blur-3xl"
          />
          <div
            className={cn(
              "grid gap-10",
              hasForm
                ? "lg:grid-cols-[0.9fr_1.1fr] lg:items-start"
                : "mx-auto max-w-2xl text-center",
            )}
          >
            <div>
              <h2
                id={headingId}
                tabIndex={-1}
                data-section-heading
                className="text-headline font-bold text-balance text-white focus-visible:outline-emerald-300"
              >
                {copy.title}
              </h2>
              <p className="mt-4 text-lg leading-relaxed text-ink-foreground/85">{copy.intro}</p>
            </div>
            {hasForm && (
              <div className="rounded-2xl bg-background p-6 text-foreground shadow-lg sm:p-8">
                {children}
              </div>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
