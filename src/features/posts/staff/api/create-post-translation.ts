import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { signedInUserId } from "@/lib/staff/signed-in-user";
import { languageLabels } from "@/lib/staff/format";
import { translationDraft, translationLanguage, uniqueSlug } from "../lib/post-translation";
import { staffPostKeys } from "./query-keys";

/**
 * Makes the draft of a post's translation in the other language, linked to the post, and
 * returns its id (the editor opens it). The slug is the post's own, numbered when that one is
 * taken in the other language.
 */
export async function createPostTranslation(sourceId: string): Promise<string> {
  const supabase = await getSupabase();
  const [source, profile] = await Promise.all([
    supabase
      .from("blog_posts")
      .select("title,excerpt,content,category,tags,image_url,translation_group,language,slug")
      .eq("id", sourceId)
      .single(),
    supabase
      .from("staff_profiles")
      .select("display_name")
      .eq("user_id", await signedInUserId(supabase))
      .maybeSingle(),
  ]);
  if (source.error) throw source.error;
  const language = translationLanguage(source.data.language);
  const taken = await supabase
    .from("blog_posts")
    .select("slug")
    .eq("language", language)
    .like("slug", `${source.data.slug}%`);
  if (taken.error) throw taken.error;

  const { data, error } = await supabase
    .from("blog_posts")
    .insert(
      translationDraft(source.data, {
        language,
        slug: uniqueSlug(source.data.slug, new Set(taken.data.map((row) => row.slug))),
        author: profile.data?.display_name ?? null,
      }),
    )
    .select("id")
    .single();
  if (error?.message?.includes("blog_posts_translation_group_language_key")) {
    throw new Error(`This post already has a ${languageLabels[language]} translation.`);
  }
  if (error) throw error;
  return data.id;
}

export function useCreatePostTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPostTranslation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffPostKeys.all() }),
  });
}
