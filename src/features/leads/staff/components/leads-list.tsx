import { Download, Loader2, X } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { EmptyState, QueryStatus } from "@/components/query-status";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { getFilteredLeads, useLeadCounts, useLeadsPage } from "../api/get-leads";
import { useUpdateLeadStatus } from "../api/update-lead-status";
import { csvBlob, csvFileName, downloadBlob, leadsToCsv } from "@/lib/staff/csv";
import {
  labelFor,
  languageLabels,
  pageSummary,
  plural,
  sourceLabels,
  statusLabels,
} from "@/lib/staff/format";
import {
  isLeadLanguage,
  isLeadSource,
  isLeadStatus,
  leadFilterFromParams,
  leadFilterToParams,
  leadLanguages,
  leadSources,
  leadStatuses,
  leadsPageSize,
  nextSort,
  type LeadFilter,
  type LeadStatus,
} from "../lib/leads-filter";
import { NotificationsBanner } from "./lead-delivery";
import { LeadDetail } from "./lead-detail";
import { LeadsTable } from "./leads-table";
import { FilterSelect } from "@/components/staff/filter-select";
import { PagesNav } from "@/components/staff/pages-nav";
import { SearchField } from "@/components/staff/search-field";
import { StatusFilter } from "@/components/staff/status-filter";

/** The inbox's filter, order, page and open lead, read from and written to the URL. */
function useInboxState() {
  const [params, setParams] = useSearchParams();
  const filter = leadFilterFromParams(params);
  const openLead = params.get("lead");
  return {
    filter,
    openLead,
    /** A new filter starts again from its first page unless the page itself changes. */
    setFilter(next: Partial<LeadFilter>) {
      const merged = { ...filter, page: 1, ...next };
      setParams(leadFilterToParams(merged, params), { replace: "search" in next });
    },
    closeLead() {
      const next = new URLSearchParams(params);
      next.delete("lead");
      setParams(next);
    },
  };
}

function ExportButton({ filter, total }: { filter: LeadFilter; total: number | undefined }) {
  const [exporting, setExporting] = useState(false);
  async function exportFiltered() {
    setExporting(true);
    try {
      const leads = await getFilteredLeads(filter);
      downloadBlob(csvBlob(leadsToCsv(leads)), csvFileName("leads"));
      toast.success("Export ready", {
        description: `${plural(leads.length, "lead", "leads")} exported to CSV`,
      });
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void exportFiltered()} disabled={exporting || !total}>
      {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      Export CSV
    </Button>
  );
}

/** What can be done to the checked leads at once: move them to a status, or uncheck them. */
function BulkActions({ selected, onDone }: { selected: ReadonlySet<string>; onDone: () => void }) {
  const update = useUpdateLeadStatus();
  function setStatus(status: LeadStatus) {
    update.mutate(
      { ids: [...selected], status },
      {
        onSuccess: (changed) => {
          toast.success(
            `${plural(changed, "lead", "leads")} marked as ${labelFor(statusLabels, status)}`,
          );
          onDone();
        },
        onError: (error) => toast.error(`Failed to update leads: ${error.message}`),
      },
    );
  }
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex min-h-12 flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
    >
      {selected.size === 0 ? (
        <span className="text-muted-foreground">Check leads to change their status together.</span>
      ) : (
        <>
          <span className="font-medium" aria-live="polite">
            {plural(selected.size, "lead", "leads")} selected
          </span>
          {leadStatuses.map((status) => (
            <Button
              key={status}
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => setStatus(status)}
            >
              Mark as {labelFor(statusLabels, status)}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={onDone} disabled={update.isPending}>
            <X aria-hidden /> Clear selection
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * The lead inbox: every lead in a dense table, searched, filtered, sorted and paged by the
 * database, with bulk status changes, the filtered set as CSV and each lead's detail panel.
 */
export function LeadsList() {
  const { filter, openLead, setFilter, closeLead } = useInboxState();
  const list = useLeadsPage(filter);
  const counts = useLeadCounts(filter);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const total = list.data?.total;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / leadsPageSize));

  function select(ids: readonly string[], checked: boolean) {
    setSelected((previous) => {
      const next = new Set(previous);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  // What is checked stays on the page it was checked on.
  function changeFilter(next: Partial<LeadFilter>) {
    setSelected(new Set());
    setFilter(next);
  }

  return (
    <div className="grid gap-4">
      <NotificationsBanner />
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="col-span-2 grid gap-2 lg:col-span-1">
          <SearchField
            id="lead-search"
            label="Search leads"
            placeholder="Name, email, company or app link"
            value={filter.search}
            onChange={(search) => changeFilter({ search })}
          />
        </div>
        <FilterSelect
          id="lead-source"
          label="Source"
          allLabel="All sources"
          value={filter.source}
          onChange={(source) => changeFilter({ source: isLeadSource(source) ? source : "all" })}
          options={leadSources}
          labels={sourceLabels}
        />
        <FilterSelect
          id="lead-language"
          label="Language"
          allLabel="All languages"
          value={filter.language}
          onChange={(language) =>
            changeFilter({ language: isLeadLanguage(language) ? language : "all" })
          }
          options={leadLanguages}
          labels={languageLabels}
        />
        <div className="col-span-2 grid lg:col-span-1">
          <ExportButton filter={filter} total={total} />
        </div>
      </div>
      <StatusFilter
        value={filter.status}
        onChange={(status) => changeFilter({ status: isLeadStatus(status) ? status : "all" })}
        options={[
          {
            id: "all",
            label: "All",
            count: counts.data
              ? leadStatuses.reduce((sum, status) => sum + counts.data[status], 0)
              : null,
          },
          ...leadStatuses.map((status) => ({
            id: status,
            label: labelFor(statusLabels, status),
            count: counts.data?.[status] ?? null,
          })),
        ]}
      />
      <BulkActions selected={selected} onDone={() => setSelected(new Set())} />

      <QueryStatus
        query={list}
        labels={{
          loading: "Loading leads...",
          failed: (message) => `Failed to fetch leads: ${message}`,
          retry: "Try again",
        }}
        placeholder={
          <>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-96 w-full" />
          </>
        }
      >
        {({ leads, total }) => (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {pageSummary(
                { page: filter.page, pageSize: leadsPageSize, shown: leads.length, total },
                "lead",
                "leads",
              )}
            </p>
            {leads.length === 0 ? (
              <EmptyState>No leads found</EmptyState>
            ) : (
              <LeadsTable
                leads={leads}
                sort={filter.sort}
                onSort={(column) => changeFilter({ sort: nextSort(filter.sort, column) })}
                selected={selected}
                onSelect={select}
              />
            )}
            <PagesNav
              label="Leads pages"
              page={filter.page}
              pageCount={pageCount}
              onPage={(page) => changeFilter({ page })}
            />
          </div>
        )}
      </QueryStatus>
      {openLead && <LeadDetail leadId={openLead} onClose={closeLead} />}
    </div>
  );
}
