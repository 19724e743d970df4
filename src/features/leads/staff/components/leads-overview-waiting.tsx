import { replyPromise } from "@shared/agency-hours.ts";
import { Link } from "react-router";
import { OverviewCard } from "@/components/staff/charts/chart-card";
import { QueryStatus } from "@/components/query-status";
import { Skeleton } from "@/components/ui/skeleton";
import { formatAgencyDateTime, labelFor, plural, sourceLabels } from "@/lib/staff/format";
import { useWaitingLeads } from "../api/get-leads-overview";

const threshold = `${replyPromise.withinHours} business hours`;

/**
 * New leads past the reply promise, the oldest first, each a link to its detail panel; the
 * Leads section has every new lead when more wait than are listed.
 */
export function WaitingLeadsCard({
  leadPath,
  newLeadsPath,
}: {
  /** The address of a lead's detail panel. */
  leadPath: (id: string) => string;
  /** The Leads section filtered to New. */
  newLeadsPath: string;
}) {
  const query = useWaitingLeads();
  return (
    <OverviewCard title="Waiting too long" description={`New leads older than ${threshold}.`}>
      <QueryStatus
        query={query}
        labels={{
          loading: "Loading the waiting leads…",
          failed: () => "The waiting leads could not be loaded.",
          retry: "Try again",
        }}
        placeholder={<Skeleton className="h-40 w-full" aria-hidden />}
        isEmpty={({ total }) => total === 0}
        empty={`No lead is waiting more than ${threshold}.`}
      >
        {({ leads, total }) => (
          <>
            <p className="text-sm">
              {plural(total, "lead is", "leads are")} waiting, the oldest first.
              {total > leads.length && (
                <>
                  {" "}
                  Showing {leads.length};{" "}
                  <Link to={newLeadsPath} className="font-medium text-primary hover:underline">
                    see every new lead
                  </Link>
                  .
                </>
              )}
            </p>
            <ul className="divide-y text-sm">
              {leads.map((lead) => (
                <li key={lead.id} className="grid gap-1 py-2">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link
                      to={leadPath(lead.id)}
                      className="font-medium text-primary hover:underline"
                    >
                      <bdi>{lead.name}</bdi>
                    </Link>
                    <span className="font-medium tabular-nums text-amber-900">
                      waiting {Math.floor(lead.waiting_hours).toLocaleString("en-US")} h
                    </span>
                  </div>
                  <p className="text-muted-foreground">
                    {lead.company && (
                      <>
                        <bdi>{lead.company}</bdi> ·{" "}
                      </>
                    )}
                    {labelFor(sourceLabels, lead.source)} · arrived{" "}
                    {formatAgencyDateTime(lead.created_at)}
                  </p>
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryStatus>
    </OverviewCard>
  );
}
