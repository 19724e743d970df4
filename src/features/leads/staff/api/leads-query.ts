import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/types/database";
import { leadsPageSize, type LeadFilter } from "../lib/leads-filter";
import { containsPattern } from "@/lib/staff/contains-pattern";

// The client's type spelled out rather than imported from @/lib/supabase, which reads the
// site's Vite settings: `npm run bench` runs this module in Node with its own client.

/** What the inbox's rows show; the detail panel reads the whole lead. */
export const leadSummaryColumns =
  "id, created_at, name, email, company, website, source, language, status";

export type LeadQueryFilter = Omit<LeadFilter, "page">;

/**
 * The leads the inbox's filter matches, in its order, ties broken so that pages never overlap.
 * Shared with `npm run bench`, which times the inbox's own requests.
 */
export function filteredLeads<Columns extends string>(
  supabase: SupabaseClient<Database>,
  columns: Columns,
  { search, status, source, language, sort }: LeadQueryFilter,
  count?: "exact",
  head?: boolean,
) {
  let query = supabase.from("leads").select(columns, { count, head });
  if (status !== "all") query = query.eq("status", status);
  if (source !== "all") query = query.eq("source", source);
  if (language !== "all") query = query.eq("language", language);
  // search_text is the name, e-mail, company and app link, lower-cased by the database.
  const text = search.trim().toLowerCase();
  if (text) query = query.like("search_text", containsPattern(text));
  return query
    .order(sort.column, { ascending: sort.ascending, nullsFirst: false })
    .order("created_at", { ascending: false })
    .order("id", { ascending: true });
}

/** One page of the inbox with the count of every lead the filter matches. */
export function leadsPage(supabase: SupabaseClient<Database>, filter: LeadFilter) {
  const from = (filter.page - 1) * leadsPageSize;
  return filteredLeads(supabase, leadSummaryColumns, filter, "exact").range(
    from,
    from + leadsPageSize - 1,
  );
}
