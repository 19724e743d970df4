import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { leadKeys } from "./query-keys";

export type LeadNote = Pick<
  Tables<"lead_notes">,
  "id" | "body" | "author_id" | "author_name" | "created_at"
>;
export type LeadStatusChange = Pick<
  Tables<"lead_status_changes">,
  "id" | "from_status" | "to_status" | "changed_by" | "changed_by_name" | "changed_at"
>;

/**
 * A lead's notes and status history, oldest first, with the account behind each (the database
 * fills it in): the page names that account by its current name, not the name stored beside it.
 */
export async function getLeadActivity(leadId: string) {
  const supabase = await getSupabase();
  const [notes, changes] = await Promise.all([
    supabase
      .from("lead_notes")
      .select("id, body, author_id, author_name, created_at")
      .eq("lead_id", leadId)
      .order("created_at", { ascending: true })
      .order("id", { ascending: true })
      .throwOnError(),
    supabase
      .from("lead_status_changes")
      .select("id, from_status, to_status, changed_by, changed_by_name, changed_at")
      .eq("lead_id", leadId)
      .order("id", { ascending: true })
      .throwOnError(),
  ]);
  return { notes: notes.data, changes: changes.data };
}

export function useLeadActivity(leadId: string) {
  return useQuery({ queryKey: leadKeys.activity(leadId), queryFn: () => getLeadActivity(leadId) });
}
