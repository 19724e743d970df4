import { useQuery } from "@tanstack/react-query";
import { usePainted } from "@/lib/use-painted";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import type { PostTranslation } from "./get-staff-posts";
import { staffPostKeys } from "./query-keys";

type LinkedPost = Pick<Tables<"blog_posts">, "id" | "translation_group">;

/** The other post of a post's translation group, or null when it has no translation yet. */
export async function getPostTranslation({
  id,
  translation_group,
}: LinkedPost): Promise<PostTranslation | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("blog_posts")
    .select("id,title,language,status,published_at,translation_group")
    .eq("translation_group", translation_group)
    .neq("id", id)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function usePostTranslation(post: LinkedPost) {
  return useQuery({
    // Under the posts key: making a translation refreshes it with the list.
    queryKey: staffPostKeys.translation(post.id, post.translation_group),
    queryFn: () => getPostTranslation(post),
    enabled: usePainted(),
  });
}
