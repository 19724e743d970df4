import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Locale } from "@/config/routes";
import { getPublicReads } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { blogKeys } from "./query-keys";

export type Post = Tables<"blog_posts">;

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
  return data;
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
