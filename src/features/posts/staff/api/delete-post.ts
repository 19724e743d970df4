import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import { staffPostKeys } from "./query-keys";

export async function deletePost(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .from("blog_posts")
    .delete()
    .eq("id", id)
    .select("id")
    .throwOnError();
  if (data.length === 0) throw new Error("The post was not found or you may not delete it.");
}

/** Deletes a post and refreshes the staff list and every public blog query. */
export function useDeletePost() {
  return useRefreshingMutation(deletePost, staffPostKeys.changed());
}
