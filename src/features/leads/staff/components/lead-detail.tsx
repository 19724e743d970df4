import { Mail, X } from "lucide-react";
import type { ReactNode } from "react";
import { QueryStatus } from "@/components/query-status";
import { StaffName } from "@/components/staff/staff-name";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { site } from "@/config/site";
import { cn } from "@/lib/cn";
import { useLead, type Lead } from "../api/get-leads";
import { useLeadActivity, type LeadStatusChange } from "../api/get-lead-activity";
import { useUpdateLeadStatus } from "../api/update-lead-status";
import {
  formatDateTime,
  labelFor,
  languageLabels,
  sourceLabels,
  statusLabels,
} from "@/lib/staff/format";
import { leadStatuses, type LeadStatus } from "../lib/leads-filter";
import { LeadDelivery } from "./lead-delivery";
import { LeadNotes } from "./lead-notes";
import { LeadStatusBadge } from "./lead-status-badge";

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

const linkClasses = "text-primary underline-offset-4 hover:underline";
const none = <span className="text-muted-foreground">—</span>;

function Detail({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm">{children}</dd>
    </div>
  );
}

function StatusButtons({ lead }: { lead: Lead }) {
  const update = useUpdateLeadStatus();
  function setStatus(status: LeadStatus) {
    update.mutate(
      { ids: [lead.id], status },
      {
        onSuccess: () => toast.success(`Lead marked as ${labelFor(statusLabels, status)}`),
        onError: (error) => toast.error(`Failed to update lead: ${error.message}`),
      },
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button asChild size="sm">
        <a
          href={mailtoFor(lead)}
          onClick={() => {
            if (lead.status === "new") setStatus("contacted");
          }}
        >
          <Mail aria-hidden /> Contact
        </a>
      </Button>
      <div role="group" aria-label="Status" className="flex flex-wrap gap-1">
        {leadStatuses.map((status) => (
          <Button
            key={status}
            type="button"
            size="sm"
            variant={lead.status === status ? "default" : "outline"}
            aria-pressed={lead.status === status}
            disabled={update.isPending}
            onClick={() => {
              if (lead.status !== status) setStatus(status);
            }}
          >
            {labelFor(statusLabels, status)}
          </Button>
        ))}
      </div>
    </div>
  );
}

function History({ lead, changes }: { lead: Lead; changes: readonly LeadStatusChange[] }) {
  return (
    <section aria-labelledby="lead-history-heading" className="grid gap-3">
      <h3 id="lead-history-heading" className="font-semibold">
        History
      </h3>
      <ol className="grid gap-2 border-l pl-4 text-sm" aria-label="Status history, oldest first">
        <li>
          Received from the {labelFor(sourceLabels, lead.source).toLowerCase()} form ·{" "}
          <time className="text-muted-foreground" dateTime={lead.created_at}>
            {formatDateTime(lead.created_at)}
          </time>
        </li>
        {changes.map((change) => (
          <li key={change.id}>
            <span className="inline-flex flex-wrap items-center gap-1.5">
              <LeadStatusBadge status={change.from_status} /> →{" "}
              <LeadStatusBadge status={change.to_status} />
              by{" "}
              <StaffName
                userId={change.changed_by}
                storedName={change.changed_by_name}
                fallback="the server"
              />
            </span>{" "}
            ·{" "}
            <time className="text-muted-foreground" dateTime={change.changed_at}>
              {formatDateTime(change.changed_at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}

function LeadActivity({ lead }: { lead: Lead }) {
  return (
    <QueryStatus
      query={useLeadActivity(lead.id)}
      labels={{
        loading: "Loading notes and history...",
        failed: (message) => `Failed to fetch the lead's notes and history: ${message}`,
        retry: "Try again",
      }}
      placeholder={<Skeleton className="h-32 w-full" />}
    >
      {({ notes, changes }) => (
        <>
          <LeadNotes leadId={lead.id} notes={notes} />
          <History lead={lead} changes={changes} />
        </>
      )}
    </QueryStatus>
  );
}

function LeadDetails({ lead }: { lead: Lead }) {
  return (
    <div className="grid content-start gap-6">
      <div className="grid gap-1 pr-10">
        <DialogTitle className="break-words text-xl">
          <bdi>{lead.name}</bdi>
        </DialogTitle>
        <DialogDescription>
          Received {formatDateTime(lead.created_at)} from the{" "}
          {labelFor(sourceLabels, lead.source).toLowerCase()} form
        </DialogDescription>
        <div>
          <LeadStatusBadge status={lead.status} />
        </div>
      </div>
      <StatusButtons lead={lead} />
      <dl className="grid gap-3 sm:grid-cols-2">
        <Detail label="Email">
          <a className={linkClasses} href={mailtoFor(lead)}>
            <bdi>{lead.email}</bdi>
          </a>
        </Detail>
        <Detail label="Phone">
          {lead.phone ? (
            <a className={linkClasses} href={`tel:${lead.phone.replace(/[^\d+]/g, "")}`}>
              {lead.phone}
            </a>
          ) : (
            none
          )}
        </Detail>
        <Detail label="Company">{lead.company ? <bdi>{lead.company}</bdi> : none}</Detail>
        <Detail label="Website">
          {lead.website && isHttpUrl(lead.website) ? (
            <a
              className={linkClasses}
              href={lead.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              {lead.website}
            </a>
          ) : (
            lead.website || none
          )}
        </Detail>
        <Detail label="Budget">{lead.budget || none}</Detail>
        <Detail label="Language">{labelFor(languageLabels, lead.language)}</Detail>
        <Detail label="Message" className="sm:col-span-2">
          {lead.message ? <span className="whitespace-pre-line">{lead.message}</span> : none}
        </Detail>
        <Detail label="Agency e-mail" className="sm:col-span-2">
          <LeadDelivery lead={lead} />
        </Detail>
      </dl>
      <LeadActivity lead={lead} />
    </div>
  );
}

/** A lead's detail panel, over the inbox from the side; closing it goes back to the list. */
export function LeadDetail({ leadId, onClose }: { leadId: string; onClose: () => void }) {
  const lead = useLead(leadId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        className="left-auto right-0 top-0 h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 content-start overflow-y-auto rounded-none border-y-0 border-r-0 p-5 sm:p-6"
      >
        <DialogClose asChild>
          <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
            <X aria-hidden />
          </Button>
        </DialogClose>
        <QueryStatus
          query={lead}
          labels={{
            loading: "Loading the lead...",
            failed: (message) => `Failed to fetch the lead: ${message}`,
            retry: "Try again",
          }}
          placeholder={<Skeleton className="h-64 w-full" />}
        >
          {(found) =>
            found ? (
              <LeadDetails lead={found} />
            ) : (
              <>
                <DialogTitle>Lead not found</DialogTitle>
                <p className="text-muted-foreground">It may have been erased.</p>
              </>
            )
          }
        </QueryStatus>
      </DialogContent>
    </Dialog>
  );
}
