import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { adminKeys } from "./query-keys";

export type Lead = Tables<"leads">;

const batchSize = 1000;

/** Every lead, newest first, read in batches so a server row limit never cuts the list short. */
export async function getLeads(): Promise<Lead[]> {
  const supabase = await getSupabase();
  const leads: Lead[] = [];
  for (let from = 0; ; from += batchSize) {
    const { data, error } = await supabase
      .from("leads")
      .select("*")
      .order("created_at", { ascending: false })
      .order("id", { ascending: true })
      .range(from, from + batchSize - 1);
    if (error) throw error;
    leads.push(...data);
    if (data.length < batchSize) return leads;
  }
}

export function leadsQuery() {
  return queryOptions({ queryKey: adminKeys.leads(), queryFn: getLeads });
}

export function useLeads() {
  return useQuery(leadsQuery());
}
