import { Constants, type Enums } from "@/types/database";
import { defineList, type ListStateOf } from "@/lib/staff/list-url-state";

export const leadStatuses = Constants.public.Enums.lead_status;
export type LeadStatus = Enums<"lead_status">;

/**
 * The inbox: filtered by status, source and language, searched, sorted by any column, 50 leads
 * a page; all of it in the URL (`?status=new&source=contact&sort=name&dir=desc&page=2`).
 */
export const leadList = defineList({
  filters: {
    status: leadStatuses,
    source: Constants.public.Enums.lead_source,
    language: Constants.public.Enums.site_language,
  },
  sortColumns: ["created_at", "name", "email", "company", "source", "language", "status"],
  defaultSort: { column: "created_at", ascending: false },
  // Dates read newest first; text A to Z.
  startsAscending: (column) => column !== "created_at",
  pageSize: 50,
});

/** What the inbox shows: the filters, the search as typed, the order and the page. */
export type LeadFilter = ListStateOf<typeof leadList>;
export type LeadSortColumn = LeadFilter["sort"]["column"];
