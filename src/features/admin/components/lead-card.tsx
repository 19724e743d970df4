import { BadgeCheck, Mail } from "lucide-react";
import type { ReactNode } from "react";
import { toast } from "@/components/ui/toaster";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { site } from "@/config/site";
import { cn } from "@/lib/cn";
import type { Lead } from "../api/get-leads";
import { useUpdateLeadStatus } from "../api/update-lead-status";
import {
  formatDateTime,
  labelFor,
  languageLabels,
  sourceLabels,
  statusLabels,
} from "../lib/format";
import type { LeadStatus } from "../lib/leads-filter";

const statusStyles: Record<string, string> = {
  new: "border-transparent bg-sky-100 text-sky-900",
  contacted: "border-transparent bg-amber-100 text-amber-900",
  qualified: "border-transparent bg-emerald-100 text-emerald-900",
};

function mailtoFor(lead: Lead): string {
  const subject = encodeURIComponent(`Your request to ${site.name}`);
  const body = encodeURIComponent(`Hello ${lead.name},\n\n`);
  return `mailto:${encodeURIComponent(lead.email).replace(/%40/g, "@")}?subject=${subject}&body=${body}`;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

const none = <span className="text-muted-foreground">—</span>;

export function LeadCard({ lead }: { lead: Lead }) {
  const update = useUpdateLeadStatus();
  const headingId = `lead-${lead.id}`;

  function setStatus(status: LeadStatus) {
    update.mutate(
      { id: lead.id, status },
      {
        onSuccess: () => toast.success(`Lead marked as ${status}`),
        onError: (error) => toast.error(`Failed to update lead: ${error.message}`),
      },
    );
  }

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
      data-testid="lead"
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-lg font-semibold leading-tight">
            {lead.name}
          </h3>
          <p className="text-sm text-muted-foreground">
            <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Badge
            variant="outline"
            className={cn(statusStyles[lead.status])}
            aria-label={`Status: ${labelFor(statusLabels, lead.status)}`}
          >
            {labelFor(statusLabels, lead.status)}
          </Badge>
          <Badge variant="secondary" aria-label={`Source: ${labelFor(sourceLabels, lead.source)}`}>
            {labelFor(sourceLabels, lead.source)}
          </Badge>
          <Badge
            variant="outline"
            aria-label={`Language: ${labelFor(languageLabels, lead.language)}`}
          >
            {lead.language.toUpperCase()}
          </Badge>
        </div>
      </header>

      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Field label="Email">
          <a className="text-primary underline-offset-4 hover:underline" href={mailtoFor(lead)}>
            {lead.email}
          </a>
        </Field>
        <Field label="Phone">
          {lead.phone ? (
            <a
              className="text-primary underline-offset-4 hover:underline"
              href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}
            >
              {lead.phone}
            </a>
          ) : (
            none
          )}
        </Field>
        <Field label="Company">{lead.company || none}</Field>
        <Field label="Website">
          {lead.website ? (
            isHttpUrl(lead.website) ? (
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={lead.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
              >
                {lead.website}
              </a>
            ) : (
              lead.website
            )
          ) : (
            none
          )}
        </Field>
        <Field label="Budget">{lead.budget || none}</Field>
        <Field label="Language">{labelFor(languageLabels, lead.language)}</Field>
        <div className="sm:col-span-2 lg:col-span-3">
          <Field label="Message">
            {lead.message ? <span className="whitespace-pre-line">{lead.message}</span> : none}
          </Field>
        </div>
      </dl>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a
            href={mailtoFor(lead)}
            onClick={() => {
              if (lead.status === "new") setStatus("contacted");
            }}
            aria-describedby={headingId}
          >
            <Mail aria-hidden /> Contact
          </a>
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setStatus("qualified")}
          disabled={lead.status === "qualified" || update.isPending}
          aria-describedby={headingId}
        >
          <BadgeCheck aria-hidden /> Mark as Qualified
        </Button>
      </div>
    </article>
  );
}
