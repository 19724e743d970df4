import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { getSupabase } from "@/lib/supabase";
import type { AuditEntry } from "../lib/audit-entry";
import { teamKeys } from "./query-keys";

export const auditPageSize = 20;

/** The newest `count` entries of the staff audit log, newest first. */
export async function getStaffAudit(count: number): Promise<AuditEntry[]> {
  const supabase = await getSupabase();
  const { data } = await supabase.rpc("staff_audit", { page_size: count }).throwOnError();
  return data;
}

export const staffAuditQuery = (count: number) =>
  queryOptions({
    queryKey: [...teamKeys.audit(), count],
    queryFn: () => getStaffAudit(count),
    // "Load more" keeps the entries shown while the longer list loads.
    placeholderData: keepPreviousData,
  });

/**
 * The audit log's newest entries, a page more at each "Load more". A growing read rather than
 * TanStack's infinite query: that one the public blog list uses, and sharing it would put it in
 * a chunk that every post page loads.
 */
export function useStaffAudit() {
  const [count, setCount] = useState(auditPageSize);
  const query = useQuery(staffAuditQuery(count));
  return {
    query,
    hasMore: query.data?.length === count,
    loadingMore: query.isPlaceholderData,
    loadMore: () => setCount((shown) => shown + auditPageSize),
  };
}
