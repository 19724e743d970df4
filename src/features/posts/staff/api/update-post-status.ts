import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { staffPostKeys } from "./query-keys";

export type PostStatusChange =
  | {
      id: string;
      status: "published";
      /** Null publishes the post dated now; a date keeps it (in the future: scheduled). */
      publishedAt: string | null;
    }
  | { id: string; status: "draft" };

/**
 * Publishes a post or takes it back to draft. A draft keeps its date (docs/ARCHITECTURE.md,
 * decision 7), so unpublishing writes the status alone. Returns the stored publication.
 */
export async function updatePostStatus(
  change: PostStatusChange,
): Promise<Pick<Tables<"blog_posts">, "status" | "published_at">> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .from("blog_posts")
    .update(
      change.status === "published"
        ? { status: change.status, published_at: change.publishedAt }
        : { status: change.status },
    )
    .eq("id", change.id)
    .select("status,published_at")
    .throwOnError();
  const [stored] = data;
  if (!stored) throw new Error("The post was not found or you may not change it.");
  return stored;
}

/** Changes a post's status, then refreshes the staff lists and every public blog query. */
export function useUpdatePostStatus() {
  return useRefreshingMutation(updatePostStatus, staffPostKeys.changed());
}
