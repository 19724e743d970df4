import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { postsPerPage, type PostCategory } from "@/config/blog";
import type { Locale } from "@/config/routes";
import { getPublicReads } from "@/lib/supabase";
import { postKeys } from "./query-keys";
import { postSummaryColumns, type PostSummary } from "./post-summary";

interface PublishedPostsFilter {
  locale: Locale;
  category: PostCategory | null;
}

/** One page of the public list: published, due posts of one language, newest first. */
export async function getPublishedPosts(
  { locale, category }: PublishedPostsFilter,
  page: number,
): Promise<PostSummary[]> {
  const db = await getPublicReads();
  let query = db
    .from("blog_posts")
    .select(postSummaryColumns)
    .eq("language", locale)
    .eq("status", "published")
    .lte("published_at", new Date().toISOString())
    .order("published_at", { ascending: false })
    .order("created_at", { ascending: false })
    .range(page * postsPerPage, (page + 1) * postsPerPage - 1);
  if (category) query = query.eq("category", category);
  const { data, error } = await query;
  if (error) throw error;
  return data;
}

export function publishedPostsQuery(filter: PublishedPostsFilter) {
  return infiniteQueryOptions({
    queryKey: postKeys.list(filter.locale, filter.category),
    queryFn: ({ pageParam }) => getPublishedPosts(filter, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) =>
      lastPage.length === postsPerPage ? pages.length : undefined,
  });
}

export function usePublishedPosts(filter: PublishedPostsFilter) {
  return useInfiniteQuery(publishedPostsQuery(filter));
}
