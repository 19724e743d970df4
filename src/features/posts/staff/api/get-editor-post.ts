import { queryOptions, useQuery } from "@tanstack/react-query";
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

export function editorPostQuery(id: string) {
  return queryOptions({
    queryKey: staffPostKeys.editorPost(id),
    queryFn: () => getEditorPost(id),
    // The form starts from what is stored now, and a missing post sends staff back at once.
    staleTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useEditorPost(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...editorPostQuery(id), enabled });
}
