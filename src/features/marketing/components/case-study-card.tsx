import { Lightbulb, Target, TrendingUp, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { CaseStudiesContent, CaseStudyId } from "@/content/case-studies";
import { StatGrid } from "./page-hero";

type CaseStudy = CaseStudiesContent["items"][CaseStudyId];
type Labels = CaseStudiesContent["labels"];

const storyIcons: Record<"challenge" | "solution" | "impact", LucideIcon> = {
  challenge: Target,
  solution: Lightbulb,
  impact: TrendingUp,
};

/** One full case study: context, challenge, solution, impact, key results and tags. */
export function CaseStudyCard({
  id,
  study,
  labels,
}: {
  id: CaseStudyId;
  study: CaseStudy;
  labels: Labels;
}) {
  const titleId = `case-${id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="overflow-hidden rounded-3xl border border-border bg-card shadow-sm"
    >
      <div className="grid lg:grid-cols-[1fr_20rem]">
        <div className="p-6 sm:p-10">
          <Badge variant="secondary" className="text-sm">
            {study.sector}
          </Badge>
          <h2
            id={titleId}
            className="mt-4 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl"
          >
            {study.title}
          </h2>
          <p className="mt-3 text-muted-foreground">{study.client}</p>

          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {(["challenge", "solution", "impact"] as const).map((part) => {
              const Icon = storyIcons[part];
              return (
                <div key={part}>
                  <h3 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-primary">
                    <Icon className="size-4" aria-hidden />
                    {labels[part]}
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-foreground/90">{study[part]}</p>
                </div>
              );
            })}
          </div>

          <h3 id={`${titleId}-tags`} className="sr-only">
            {labels.tags}
          </h3>
          <ul aria-labelledby={`${titleId}-tags`} className="mt-8 flex flex-wrap gap-2">
            {study.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline" className="bg-background px-3 py-1 font-medium">
                  {tag}
                </Badge>
              </li>
            ))}
          </ul>
        </div>

        <div className="border-t border-border bg-linear-to-br from-secondary to-emerald-100/60 p-6 sm:p-10 lg:border-l lg:border-t-0">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-ink/80">
            {labels.results}
          </h3>
          <StatGrid
            items={study.results}
            tone="card"
            compact
            className="mt-4 grid-cols-1 sm:grid-cols-3 lg:grid-cols-1"
          />
        </div>
      </div>
    </article>
  );
}
