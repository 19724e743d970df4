import type { QueryClient } from "@tanstack/react-query";
import { matchPublicRoute } from "@/config/routes";
import { postCategoriesQuery } from "@/features/blog/api/get-post-categories";
import { publishedPostQuery } from "@/features/blog/api/get-published-post";
import { publishedPostsQuery } from "@/features/blog/api/get-published-posts";

/**
 * Loads, into the query cache, the data a page shows on its first render, so a prerendered
 * page carries its content (and hydrates with the very same data).
 */
export async function prefetchRouteData(pathname: string, queryClient: QueryClient): Promise<void> {
  const match = matchPublicRoute(pathname);
  if (match?.id === "blog") {
    await Promise.all([
      queryClient.prefetchInfiniteQuery(
        publishedPostsQuery({ locale: match.locale, category: null }),
      ),
      queryClient.prefetchQuery(postCategoriesQuery(match.locale)),
    ]);
  } else if (match?.id === "blogPost" && match.params.slug) {
    await queryClient.prefetchQuery(publishedPostQuery(match.locale, match.params.slug));
  }
}
