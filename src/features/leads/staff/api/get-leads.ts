import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { readAllPages } from "@/lib/read-all-pages";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { leadStatuses, type LeadFilter, type LeadStatus } from "../lib/leads-filter";
import { filteredLeads, leadsPage, type LeadQueryFilter } from "./leads-query";
import { leadKeys } from "./query-keys";

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

/** How many leads of the filter's search, source and language are in each status. */
export async function getLeadCounts(filter: LeadQueryFilter): Promise<Record<LeadStatus, number>> {
  const supabase = await getSupabase();
  const counts = await Promise.all(
    leadStatuses.map(async (status) => {
      const { count, error } = await filteredLeads(
        supabase,
        "id",
        { ...filter, status },
        "exact",
        true,
      );
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
      queryKey: leadKeys.page(filter),
      queryFn: () => getLeadsPage(filter),
      // The table keeps its rows while the next page, sort or search loads: no jump.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useLeadCounts({ search, source, language, sort }: LeadFilter) {
  const filter: LeadQueryFilter = { search, source, language, sort, status: "all" };
  return useQuery({
    queryKey: leadKeys.counts(filter),
    queryFn: () => getLeadCounts(filter),
    placeholderData: keepPreviousData,
  });
}

export function useLead(id: string) {
  return useQuery({ queryKey: leadKeys.lead(id), queryFn: () => getLead(id) });
}
