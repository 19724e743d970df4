import { Check } from "lucide-react";
import { useId } from "react";
import type { ServiceId } from "@/content/services";
import { serviceIcons } from "./service-icons";

interface ServiceCardProps {
  serviceId: ServiceId;
  /** The service's words, as the services content has them. */
  copy: { title: string; description: string; features: readonly string[] };
  /** With a label, the card lists the service's features under it. */
  featuresLabel?: string;
}

export function ServiceCard({ serviceId, copy, featuresLabel }: ServiceCardProps) {
  const Icon = serviceIcons[serviceId];
  const featuresId = useId();
  return (
    <article className="group flex h-full flex-col rounded-2xl border border-border bg-card p-6 shadow-sm transition-shadow hover:shadow-md sm:p-7">
      <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-primary ring-1 ring-primary/10">
        <Icon className="size-6" aria-hidden />
      </span>
      <h3 className="mt-5 text-xl font-bold tracking-tight text-ink">{copy.title}</h3>
      <p className="mt-2 leading-relaxed text-muted-foreground">{copy.description}</p>
      {featuresLabel && (
        <>
          <p
            id={featuresId}
            className="mt-6 text-xs font-semibold uppercase tracking-wider text-ink/70"
          >
            {featuresLabel}
          </p>
          <ul aria-labelledby={featuresId} className="mt-3 space-y-2.5">
            {copy.features.map((feature) => (
              <li key={feature} className="flex gap-2.5 text-sm text-foreground">
                <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}
