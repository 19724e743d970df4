import { queryOptions, useQuery } from "@tanstack/react-query";
import { readAllPages } from "@/lib/read-all-pages";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { adminKeys } from "./query-keys";

export type Lead = Tables<"leads">;

/** Every lead, newest first. */
export async function getLeads(): Promise<Lead[]> {
  const supabase = await getSupabase();
  return readAllPages((from, to) =>
    supabase
      .from("leads")
      .select("*")
      .order("created_at", { ascending: false })
      .order("id", { ascending: true })
      .range(from, to),
  );
}

export function leadsQuery() {
  return queryOptions({ queryKey: adminKeys.leads(), queryFn: getLeads });
}

export function useLeads() {
  return useQuery(leadsQuery());
}
