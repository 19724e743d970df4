import { Download } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { EmptyState, QueryStatus } from "@/components/query-status";
import { toast } from "@/components/ui/toaster";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useLeads, type Lead } from "../api/get-leads";
import { csvBlob, csvFileName, downloadBlob, leadsToCsv } from "../lib/csv";
import { sourceLabels, statusLabels } from "../lib/format";
import {
  emptyLeadFilter,
  filterLeads,
  isLeadSource,
  isLeadStatus,
  leadSources,
  leadStatuses,
  paginate,
  type LeadFilter,
} from "../lib/leads-filter";
import { FilterSelect } from "./filter-select";
import { LeadCard } from "./lead-card";
import { PagesNav } from "./pages-nav";
import { SearchField } from "./search-field";

const pageSize = 20;

export function LeadsTab() {
  return (
    <QueryStatus
      query={useLeads()}
      labels={{
        loading: "Loading leads...",
        failed: (message) => `Failed to fetch leads: ${message}`,
        retry: "Try again",
      }}
      placeholder={
        <>
          <Skeleton className="h-36 w-full" />
          <Skeleton className="h-36 w-full" />
        </>
      }
    >
      {(leads) => <LeadsInbox leads={leads} />}
    </QueryStatus>
  );
}

function LeadsInbox({ leads }: { leads: Lead[] }) {
  const [filter, setFilter] = useState<LeadFilter>(emptyLeadFilter);
  const [page, setPage] = useState(1);
  const search = useDeferredValue(filter.search);

  const filtered = useMemo(
    () => filterLeads(leads, { ...filter, search }),
    [leads, filter, search],
  );
  const current = paginate(filtered, page, pageSize);

  function update(next: Partial<LeadFilter>) {
    setFilter((previous) => ({ ...previous, ...next }));
    setPage(1);
  }

  function exportCsv() {
    downloadBlob(csvBlob(leadsToCsv(filtered)), csvFileName("leads"));
    toast.success("Export ready", {
      description: `${filtered.length} ${filtered.length === 1 ? "lead" : "leads"} exported to CSV`,
    });
  }

  const first = filtered.length === 0 ? 0 : (current.page - 1) * pageSize + 1;
  const last = (current.page - 1) * pageSize + current.items.length;

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <SearchField
            id="lead-search"
            label="Search leads"
            placeholder="Name, email or company"
            value={filter.search}
            onChange={(search) => update({ search })}
          />
        </div>
        <FilterSelect
          id="lead-status"
          label="Status"
          allLabel="All statuses"
          value={filter.status}
          onChange={(value) => update({ status: isLeadStatus(value) ? value : "all" })}
          options={leadStatuses}
          labels={statusLabels}
        />
        <FilterSelect
          id="lead-source"
          label="Source"
          allLabel="All sources"
          value={filter.source}
          onChange={(value) => update({ source: isLeadSource(value) ? value : "all" })}
          options={leadSources}
          labels={sourceLabels}
        />
        <Button
          variant="outline"
          onClick={exportCsv}
          disabled={filtered.length === 0}
          className="sm:col-span-2 lg:col-span-1"
        >
          <Download aria-hidden /> Export CSV
        </Button>
      </div>

      <p className="text-sm text-muted-foreground" aria-live="polite">
        {filtered.length === 0
          ? `0 of ${leads.length} leads`
          : `Showing ${first}–${last} of ${filtered.length} ${filtered.length === 1 ? "lead" : "leads"}` +
            (filtered.length === leads.length ? "" : ` (${leads.length} in total)`)}
      </p>

      {filtered.length === 0 ? (
        <EmptyState>No leads found</EmptyState>
      ) : (
        <ul className="grid gap-4" aria-label="Leads">
          {current.items.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} />
            </li>
          ))}
        </ul>
      )}

      <PagesNav
        label="Leads pages"
        page={current.page}
        pageCount={current.pageCount}
        onPage={setPage}
      />
    </div>
  );
}
