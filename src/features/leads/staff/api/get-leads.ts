import { useQuery } from "@tanstack/react-query";
import { readAllPages } from "@/lib/read-all-pages";
import { pagedQuery } from "@/lib/staff/paged-query";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { leadList } from "../lib/leads-filter";
import { filteredLeads, inboxRows, type LeadQueryFilter } from "./leads-query";
import { leadKeys } from "./query-keys";

export type Lead = Tables<"leads">;

/** A row of the inbox. */
export type LeadSummary = Pick<
  Lead,
  "id" | "created_at" | "name" | "email" | "company" | "website" | "source" | "language" | "status"
>;

/** The inbox's pages and how many leads of its search, source and language each status holds. */
export const inboxQuery = pagedQuery(leadList, {
  keys: leadKeys,
  context: getSupabase,
  rows: inboxRows,
});

/** Every lead the filter matches, in its order: the CSV export. */
export async function getFilteredLeads(filter: LeadQueryFilter): Promise<Lead[]> {
  const supabase = await getSupabase();
  return readAllPages((from, to) => filteredLeads(supabase, "*", filter).range(from, to));
}

/** One whole lead, for the detail panel. */
export async function getLead(id: string): Promise<Lead | null> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .from("leads")
    .select("*")
    .eq("id", id)
    .maybeSingle()
    .throwOnError();
  return data;
}

export function useLead(id: string) {
  return useQuery({ queryKey: leadKeys.lead(id), queryFn: () => getLead(id) });
}
