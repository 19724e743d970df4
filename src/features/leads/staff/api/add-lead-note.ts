import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import { leadKeys } from "./query-keys";

interface NewLeadNote {
  leadId: string;
  body: string;
}

/** Adds an internal note; the database signs it with the staff member's name and the time. */
export async function addLeadNote({ leadId, body }: NewLeadNote): Promise<void> {
  const supabase = await getSupabase();
  await supabase.from("lead_notes").insert({ lead_id: leadId, body }).throwOnError();
}

export function useAddLeadNote(leadId: string) {
  return useRefreshingMutation(
    (body: string) => addLeadNote({ leadId, body }),
    [leadKeys.activity(leadId)],
  );
}
