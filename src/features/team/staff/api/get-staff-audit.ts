import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import type { AuditEntry } from "../lib/audit-entry";
import { teamKeys } from "./query-keys";

export const auditPageSize = 20;

/** One page of the staff audit log, newest first, from before the entry `beforeId`. */
export async function getStaffAudit(beforeId: number | null): Promise<AuditEntry[]> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .rpc("staff_audit", {
      page_size: auditPageSize,
      ...(beforeId === null ? {} : { before_id: beforeId }),
    })
    .throwOnError();
  return data;
}

export const staffAuditQuery = infiniteQueryOptions({
  queryKey: teamKeys.audit(),
  queryFn: ({ pageParam }) => getStaffAudit(pageParam),
  initialPageParam: null as number | null,
  // A short page is the last one.
  getNextPageParam: (page) => (page.length < auditPageSize ? undefined : page.at(-1)!.id),
});

export function useStaffAudit() {
  return useInfiniteQuery(staffAuditQuery);
}
