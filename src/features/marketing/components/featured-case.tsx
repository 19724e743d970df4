import { Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { SectionHeading } from "./section";
import { StatGrid, type Figure } from "./page-hero";

interface FeaturedCaseProps {
  headingId: string;
  copy: { eyebrow: string; title: string; summary: string; metrics: readonly Figure[] };
  /** The link to the case studies page. */
  link: ReactNode;
}

/** The home page's highlighted case study on a dark panel. */
export function FeaturedCase({ headingId, copy, link }: FeaturedCaseProps) {
  return (
    <section aria-labelledby={headingId} className="py-16 sm:py-24">
      <div className="container">
        <div className="relative isolate overflow-hidden rounded-3xl bg-ink px-6 py-12 sm:px-12 sm:py-16">
          <div
            aria-hidden
            className="absolute -right-20 -top-28 -z-10 size-96 rounded-full bg-emerald-500/25 blur-3xl"
          />
          <Trophy
            aria-hidden
            className="absolute right-8 top-8 hidden size-16 text-emerald-300/20 sm:block"
          />
          <SectionHeading
            id={headingId}
            eyebrow={copy.eyebrow}
            title={copy.title}
            intro={copy.summary}
            tone="dark"
            className="max-w-3xl"
          />
          <StatGrid items={copy.metrics} tone="dark" className="mt-10 grid-cols-1 sm:grid-cols-3" />
          <div className="mt-10">{link}</div>
        </div>
      </div>
    </section>
  );
}
