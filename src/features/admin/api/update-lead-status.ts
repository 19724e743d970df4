import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { adminKeys } from "./query-keys";
import type { LeadStatus } from "../lib/leads-filter";
import type { Lead } from "./get-leads";

interface LeadStatusChange {
  id: string;
  status: LeadStatus;
}

/** Moves a lead to another status; staff may change nothing else about a lead. */
export async function updateLeadStatus({ id, status }: LeadStatusChange): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("leads").update({ status }).eq("id", id).select("id");
  if (error) throw error;
  if (data.length === 0) throw new Error("The lead was not found or you may not change it.");
}

/** Optimistic: the list shows the new status at once and rolls back if the server refuses. */
export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  const key = adminKeys.leads();
  return useMutation({
    mutationFn: updateLeadStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Lead[]>(key);
      queryClient.setQueryData<Lead[]>(key, (leads) =>
        leads?.map((lead) => (lead.id === id ? { ...lead, status } : lead)),
      );
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
