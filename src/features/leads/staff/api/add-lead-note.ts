import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { leadActivityKey } from "./get-lead-activity";

interface NewLeadNote {
  leadId: string;
  body: string;
}

/** Adds an internal note; the database signs it with the staff member's name and the time. */
export async function addLeadNote({ leadId, body }: NewLeadNote): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from("lead_notes").insert({ lead_id: leadId, body });
  if (error) throw error;
}

export function useAddLeadNote(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addLeadNote({ leadId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadActivityKey(leadId) }),
  });
}
