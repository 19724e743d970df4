import { Link, useSearchParams } from "react-router";
import { cn } from "@/lib/cn";
import type { LeadSummary } from "../api/get-leads";
import { formatDateTime, labelFor, sourceLabels } from "@/lib/staff/format";
import type { LeadSortColumn } from "../lib/leads-filter";
import { LeadStatusBadge } from "./lead-status-badge";
import {
  HeadCell,
  SortHeadCell,
  StaffTable,
  type TableSorting,
} from "@/components/staff/staff-table";

// In the table's order; every column sorts.
const columnLabels: Record<LeadSortColumn, string> = {
  name: "Name",
  created_at: "Received",
  email: "Email",
  company: "Company / app",
  source: "Source",
  language: "Lang.",
  status: "Status",
};

/** The URL that opens a lead's detail panel over the inbox, as it is filtered now. */
function useLeadLink() {
  const [params] = useSearchParams();
  return (id: string) => {
    const next = new URLSearchParams(params);
    next.set("lead", id);
    return `?${next}`;
  };
}

/**
 * One page of leads as a dense table: a check box per row for bulk changes, headings that sort,
 * and each name a link to the lead's detail panel.
 */
export function LeadsTable({
  leads,
  sort,
  onSort,
  selected,
  onSelect,
}: TableSorting<LeadSortColumn> & {
  leads: LeadSummary[];
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], checked: boolean) => void;
}) {
  const leadLink = useLeadLink();
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const someSelected = !allSelected && leads.some((lead) => selected.has(lead.id));
  const sortedBy = columnLabels[sort.column].toLowerCase();
  return (
    <StaffTable
      label="Leads"
      caption={`Leads, sorted by ${sortedBy}, ${sort.ascending ? "ascending" : "descending"}`}
      headings={
        <>
          <HeadCell className="w-10 px-3 py-2">
            <input
              type="checkbox"
              aria-label="Select every lead on this page"
              className="size-4 accent-primary"
              checked={allSelected}
              ref={(box) => {
                if (box) box.indeterminate = someSelected;
              }}
              onChange={(event) =>
                onSelect(
                  leads.map((lead) => lead.id),
                  event.target.checked,
                )
              }
            />
          </HeadCell>
          {Object.entries(columnLabels).map(([column, label]) => (
            <SortHeadCell
              key={column}
              className="px-3 py-2"
              column={column as LeadSortColumn}
              label={label}
              sort={sort}
              onSort={onSort}
            />
          ))}
        </>
      }
    >
      {leads.map((lead) => (
        <tr
          key={lead.id}
          data-testid="lead"
          className={cn("hover:bg-muted/40", selected.has(lead.id) && "bg-primary/5")}
        >
          <td className="px-3 py-2">
            <input
              type="checkbox"
              aria-label={`Select ${lead.name}`}
              className="size-4 accent-primary"
              checked={selected.has(lead.id)}
              onChange={(event) => onSelect([lead.id], event.target.checked)}
            />
          </td>
          <td className="max-w-48 truncate px-3 py-2">
            <Link
              to={leadLink(lead.id)}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              <bdi>{lead.name}</bdi>
            </Link>
          </td>
          <td className="whitespace-nowrap px-3 py-2 text-muted-foreground">
            <time dateTime={lead.created_at}>{formatDateTime(lead.created_at)}</time>
          </td>
          <td className="max-w-56 truncate px-3 py-2">
            <bdi>{lead.email}</bdi>
          </td>
          <td className="max-w-48 truncate px-3 py-2 text-muted-foreground">
            <bdi>{lead.company || lead.website || "—"}</bdi>
          </td>
          <td className="px-3 py-2">{labelFor(sourceLabels, lead.source)}</td>
          <td className="px-3 py-2">{lead.language.toUpperCase()}</td>
          <td className="px-3 py-2">
            <LeadStatusBadge status={lead.status} />
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
