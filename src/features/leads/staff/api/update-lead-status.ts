import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import type { LeadStatus } from "../lib/leads-filter";
import { leadKeys } from "./query-keys";

interface LeadStatusUpdate {
  ids: readonly string[];
  status: LeadStatus;
}

/**
 * Moves leads to a status in one request; staff may change nothing else about a lead. Returns
 * how many were changed: leads removed meanwhile are not.
 */
export async function updateLeadStatus({ ids, status }: LeadStatusUpdate): Promise<number> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .from("leads")
    .update({ status })
    .in("id", [...ids])
    .select("id")
    .throwOnError();
  if (data.length === 0) throw new Error("The lead was not found or you may not change it.");
  return data.length;
}

/** The list, the counts, the open lead and its history all refresh from the server after. */
export function useUpdateLeadStatus() {
  return useRefreshingMutation(updateLeadStatus, [leadKeys.all()], "settled");
}
