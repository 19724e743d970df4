import { useSearchParams } from "react-router";
import { ExportButton } from "@/components/staff/export-button";
import { ListSection, type ListCopy } from "@/components/staff/list-section";
import { leadsToCsv } from "@/lib/staff/csv";
import { languageLabels, sourceLabels, statusLabels } from "@/lib/staff/format";
import { writeListState } from "@/lib/staff/list-url-state";
import { useListState } from "@/lib/staff/use-list-state";
import { getFilteredLeads, inboxQuery } from "../api/get-leads";
import { leadList } from "../lib/leads-filter";
import { BulkActions, useLeadSelection } from "./lead-bulk-actions";
import { NotificationsBanner } from "./lead-delivery";
import { LeadDetail } from "./lead-detail";
import { LeadsTable } from "./leads-table";

/** The lead whose detail panel is open (`?lead=<id>`), kept in the URL beside the inbox's state. */
function useOpenLead() {
  const [params, setParams] = useSearchParams();
  const close = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete("lead");
      return next;
    });
  return [params.get("lead"), close] as const;
}

const leadsCopy: ListCopy = {
  noun: ["lead", "leads"],
  pagesLabel: "Leads pages",
  searchPlaceholder: "Name, email, company or app link",
};

/**
 * The lead inbox: every lead in a dense table, searched, filtered, sorted and paged by the
 * database, with bulk status changes, the filtered set as CSV and each lead's detail panel.
 */
export function LeadsList() {
  const list = useListState(leadList);
  const [openLead, closeLead] = useOpenLead();
  const selection = useLeadSelection(
    writeListState(leadList, list.state, new URLSearchParams()).toString(),
  );
  return (
    <>
      <ListSection
        query={inboxQuery}
        list={list}
        copy={leadsCopy}
        filters={[
          { name: "source", label: "Source", allLabel: "All sources", labels: sourceLabels },
          {
            name: "language",
            label: "Language",
            allLabel: "All languages",
            labels: languageLabels,
          },
        ]}
        statusLabels={statusLabels}
        actions={(total) => (
          <ExportButton
            label="Export CSV"
            read={() => getFilteredLeads(list.state)}
            toCsv={leadsToCsv}
            fileName="leads"
            noun={["lead", "leads"]}
            disabled={!total}
          />
        )}
        banner={<NotificationsBanner />}
        beforeTable={<BulkActions selected={selection.selected} onDone={selection.clear} />}
      >
        {(leads, sorting) => (
          <LeadsTable
            leads={leads}
            {...sorting}
            selected={selection.selected}
            onSelect={selection.select}
          />
        )}
      </ListSection>
      {openLead && <LeadDetail leadId={openLead} onClose={closeLead} />}
    </>
  );
}
