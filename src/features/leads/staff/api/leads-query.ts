import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/types/database";
import { containsPattern } from "@/lib/staff/contains-pattern";
import type { LeadFilter } from "../lib/leads-filter";

// `npm run bench` (scripts/bench.ts) times these requests, written out again on its side.

/** What the inbox's rows show; the detail panel reads the whole lead. */
export const leadSummaryColumns =
  "id, created_at, name, email, company, website, source, language, status";

export type LeadQueryFilter = Omit<LeadFilter, "page">;

/** The leads the inbox's filter matches, in its order, ties broken so that pages never overlap. */
export function filteredLeads<Columns extends string>(
  supabase: SupabaseClient<Database>,
  columns: Columns,
  { search, status, source, language, sort }: LeadQueryFilter,
  options: { count?: "exact"; head?: boolean } = {},
) {
  let query = supabase.from("leads").select(columns, options);
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

/** The inbox's rows with the count of every lead the filter matches (`head`: the count alone). */
export function inboxRows(
  supabase: SupabaseClient<Database>,
  filter: LeadQueryFilter,
  head = false,
) {
  return filteredLeads(supabase, leadSummaryColumns, filter, { count: "exact", head });
}
