import { queryOptions, useQuery } from "@tanstack/react-query";
import { otherLocale, type Locale, type PostAddress } from "@/config/routes";
import { getPublicReads } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { blogKeys } from "./query-keys";

/** A published post, and where its translation is when that is published too. */
export type Post = Tables<"blog_posts"> & { translation: PostAddress | null };

/** One published, due post by its slug in one language; null when there is none. */
export async function getPublishedPost(locale: Locale, slug: string): Promise<Post | null> {
  const db = await getPublicReads();
  const now = new Date().toISOString();
  const { data, error } = await db
    .from("blog_posts")
    .select("*")
    .eq("language", locale)
    .eq("slug", slug)
    .eq("status", "published")
    .lte("published_at", now)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  // Visitors read only published, due posts: an unpublished translation is never found.
  const translation = await db
    .from("blog_posts")
    .select("language,slug")
    .eq("translation_group", data.translation_group)
    .eq("language", otherLocale(locale))
    .eq("status", "published")
    .lte("published_at", now)
    .maybeSingle();
  if (translation.error) throw translation.error;
  return { ...data, translation: translation.data };
}

export function publishedPostQuery(locale: Locale, slug: string) {
  return queryOptions({
    queryKey: blogKeys.post(locale, slug),
    queryFn: () => getPublishedPost(locale, slug),
  });
}

export function usePublishedPost(locale: Locale, slug: string) {
  return useQuery(publishedPostQuery(locale, slug));
}
