import { useQuery } from "@tanstack/react-query";
import { usePainted } from "@/lib/use-painted";
import { getSupabase } from "@/lib/supabase";
import type { Enums } from "@/types/database";
import { staffPostKeys } from "./query-keys";

export type PublicPageStatus = Enums<"site_build_status">;

/** How often the editor asks again while the public site is being refreshed. */
const REFRESH_POLL_MS = 2_000;

/**
 * Whether the post's public page shows its last visible change: building, live or failed
 * (docs/ARCHITECTURE.md, decision 14); null when the post never changed what visitors see.
 */
export async function getPublicPageStatus(postId: string): Promise<PublicPageStatus | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("post_site_status", { post_id: postId });
  if (error) throw error;
  return data ?? null;
}

export function usePublicPageStatus(postId: string) {
  return useQuery({
    queryKey: staffPostKeys.publicPageStatus(postId),
    queryFn: () => getPublicPageStatus(postId),
    staleTime: 0,
    enabled: usePainted(),
    refetchInterval: (query) => (query.state.data === "building" ? REFRESH_POLL_MS : false),
  });
}
