import { queryOptions, useQuery } from "@tanstack/react-query";
import { isPostCategory, postCategories, type PostCategory } from "@/config/blog";
import type { Locale } from "@/config/routes";
import { getPublicReads } from "@/lib/supabase";
import { postKeys } from "./query-keys";

/** The categories that have published posts in one language, in the taxonomy's order. */
export async function getPostCategories(locale: Locale): Promise<PostCategory[]> {
  const db = await getPublicReads();
  const { data, error } = await db
    .from("blog_categories")
    .select("category")
    .eq("language", locale);
  if (error) throw error;
  const present = new Set(data.map((row) => row.category).filter(isPostCategory));
  return postCategories.filter((category) => present.has(category));
}

export function postCategoriesQuery(locale: Locale) {
  return queryOptions({
    queryKey: postKeys.categories(locale),
    queryFn: () => getPostCategories(locale),
  });
}

export function usePostCategories(locale: Locale) {
  return useQuery(postCategoriesQuery(locale));
}
