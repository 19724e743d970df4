import type { QueryClient } from "@tanstack/react-query";
import { matchPublicRoute, type LanguageVersions } from "@/config/routes";
import { postCategoriesQuery } from "@/features/posts/api/get-post-categories";
import { publishedPostQuery } from "@/features/posts/api/get-published-post";
import { publishedPostsQuery } from "@/features/posts/api/get-published-posts";

/**
 * Loads, into the query cache, the data a page shows on its first render, so a prerendered
 * page carries its content (and hydrates with the very same data). Returns the language
 * versions that data names (a post and its published translation), which the header's language
 * toggle, rendered before the page, leads to.
 */
export async function prefetchRouteData(
  pathname: string,
  queryClient: QueryClient,
): Promise<LanguageVersions | null> {
  const match = matchPublicRoute(pathname);
  if (match?.id === "blog") {
    await Promise.all([
      queryClient.prefetchInfiniteQuery(
        publishedPostsQuery({ locale: match.locale, category: null }),
      ),
      queryClient.prefetchQuery(postCategoriesQuery(match.locale)),
    ]);
  } else if (match?.id === "blogPost" && match.params.slug) {
    const query = publishedPostQuery(match.locale, match.params.slug);
    await queryClient.prefetchQuery(query);
    return queryClient.getQueryData(query.queryKey)?.languageVersions ?? null;
  }
  return null;
}
