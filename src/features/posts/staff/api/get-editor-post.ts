import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { preload } from "react-dom";
import { allowedImageUrl } from "@/lib/safe-url";
import { getSupabase } from "@/lib/supabase";
import type { EditorPost } from "../lib/post-form";
import { staffPostKeys } from "./query-keys";

/** One post of any status by its id (staff read every post). */
export async function getEditorPost(id: string): Promise<EditorPost> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from("blog_posts").select("*").eq("id", id).single();
  if (error) throw error;
  return data;
}

/** How long a read made ahead of the editor still counts as what is stored now. */
const readAheadFreshFor = 2_000;

export function editorPostQuery(id: string) {
  return queryOptions({
    queryKey: staffPostKeys.editorPost(id),
    queryFn: async () => {
      const post = await getEditorPost(id);
      // Its main image is the largest thing the editor paints: it loads while the editor is
      // built (the preview shows only addresses allowedImageUrl lets through, so does this).
      const image = allowedImageUrl(post.image_url?.trim());
      if (image) preload(image, { as: "image" });
      return post;
    },
    // The form starts from what is stored now, and a missing post sends staff back at once. A
    // read made ahead, while the page checked the session, is that: it is not read again on
    // opening. Every change staff make to a post marks this stale (its key is under all()).
    staleTime: readAheadFreshFor,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useEditorPost(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...editorPostQuery(id), enabled });
}

/**
 * Starts reading the post while the page still checks the staff session: the database answers
 * each token with what it may read, so the read need not wait for the check, and the editor
 * opens with the post at hand.
 */
export function useEditorPostReadAhead(id: string, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (enabled) void queryClient.prefetchQuery(editorPostQuery(id));
  }, [id, enabled, queryClient]);
}
