import { queryOptions, useQuery } from "@tanstack/react-query";
import { postLanguageVersions } from "@/config/post-language-versions";
import type { LanguageVersions, Locale } from "@/config/routes";
import { getPublicReads } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { postKeys } from "./query-keys";

/** A published post, and its language versions when its translation is published too. */
export type Post = Tables<"blog_posts"> & { languageVersions: LanguageVersions | null };

/** One published, due post by its slug in one language; null when there is none. */
export async function getPublishedPost(locale: Locale, slug: string): Promise<Post | null> {
  const db = await getPublicReads();
  const { data, error } = await db
    .from("blog_posts")
    .select("*")
    .eq("language", locale)
    .eq("slug", slug)
    .eq("status", "published")
    .lte("published_at", new Date().toISOString())
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  // The published posts of its translation group, itself included: visitors read only
  // published, due posts (the table's policy), so an unpublished translation is never found.
  const group = await db
    .from("blog_posts")
    .select("language,slug")
    .eq("translation_group", data.translation_group);
  if (group.error) throw group.error;
  return { ...data, languageVersions: postLanguageVersions(group.data) };
}

export function publishedPostQuery(locale: Locale, slug: string) {
  return queryOptions({
    queryKey: postKeys.post(locale, slug),
    queryFn: () => getPublishedPost(locale, slug),
  });
}

export function usePublishedPost(locale: Locale, slug: string) {
  return useQuery(publishedPostQuery(locale, slug));
}
