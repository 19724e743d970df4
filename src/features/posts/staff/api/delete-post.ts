import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { queryRoots } from "@/lib/query-keys";
import { staffPostKeys } from "./query-keys";

export async function deletePost(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("blog_posts").delete().eq("id", id).select("id");
  if (error) throw error;
  if (data.length === 0) throw new Error("The post was not found or you may not delete it.");
}

/** Deletes a post and refreshes the staff list and every public blog query. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffPostKeys.all() }),
        queryClient.invalidateQueries({ queryKey: queryRoots.publishedPosts }),
      ]),
  });
}
