import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { readAllPages } from "@/lib/read-all-pages";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { leadStatuses, type LeadFilter, type LeadStatus } from "../lib/leads-filter";
import { filteredLeads, leadsPage, type LeadQueryFilter } from "./leads-query";
import { adminKeys } from "./query-keys";

export type Lead = Tables<"leads">;

/** A row of the inbox. */
export type LeadSummary = Pick<
  Lead,
  "id" | "created_at" | "name" | "email" | "company" | "website" | "source" | "language" | "status"
>;

/** One page of the inbox and how many leads match its filter. */
export async function getLeadsPage(filter: LeadFilter) {
  const { data, count, error } = await leadsPage(await getSupabase(), filter);
  if (error) throw error;
  return { leads: data satisfies LeadSummary[], total: count ?? data.length };
}

/** Every lead the filter matches, in its order: the CSV export. */
export async function getFilteredLeads(filter: LeadQueryFilter): Promise<Lead[]> {
  const supabase = await getSupabase();
  return readAllPages((from, to) => filteredLeads(supabase, "*", filter).range(from, to));
}

/** How many leads are in each status. */
export async function getLeadCounts(): Promise<Record<LeadStatus, number>> {
  const supabase = await getSupabase();
  const counts = await Promise.all(
    leadStatuses.map(async (status) => {
      const { count, error } = await supabase
        .from("leads")
        .select("id", { count: "exact", head: true })
        .eq("status", status);
      if (error) throw error;
      return [status, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<LeadStatus, number>;
}

/** One whole lead, for the detail panel. */
export async function getLead(id: string): Promise<Lead | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("leads").select("*").eq("id", id).maybeSingle();
  if (error) throw error;
  return data;
}

export function useLeadsPage(filter: LeadFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKeys.leads(), "page", filter],
      queryFn: () => getLeadsPage(filter),
      // The table keeps its rows while the next page, sort or search loads: no jump.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useLeadCounts() {
  return useQuery({ queryKey: [...adminKeys.leads(), "counts"], queryFn: getLeadCounts });
}

export function useLead(id: string) {
  return useQuery({ queryKey: [...adminKeys.leads(), "lead", id], queryFn: () => getLead(id) });
}
