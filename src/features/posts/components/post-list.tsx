import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { categoryParam, postCategories, type PostCategory } from "@/config/blog";
import { useI18n } from "@/i18n/index";
import { slugify } from "@/lib/slugify";
import { usePostCategories } from "../api/get-post-categories";
import { usePublishedPosts } from "../api/get-published-posts";
import { CategoryFilter } from "./category-filter";
import { PostCard, PostCardSkeleton } from "./post-card";

const skeletonCount = 6;

function useSelectedCategory(): PostCategory | null {
  const [params] = useSearchParams();
  const wanted = params.get(categoryParam);
  return postCategories.find((category) => slugify(category) === wanted) ?? null;
}

export function PostList() {
  const { locale, t } = useI18n();
  const category = useSelectedCategory();
  const categories = usePostCategories(locale);
  const posts = usePublishedPosts({ locale, category });

  useEffect(() => {
    // The spec's rule: a failed list is logged and shown as empty.
    if (posts.error) console.error("Failed to fetch blog posts:", posts.error);
  }, [posts.error]);

  const items = posts.data?.pages.flat() ?? [];

  return (
    <div className="space-y-8">
      <CategoryFilter categories={categories.data ?? []} selected={category} />

      {posts.isPending ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <span className="sr-only" role="status">
            {t.blog.loading}
          </span>
          {Array.from({ length: skeletonCount }, (_, index) => (
            <PostCardSkeleton key={index} />
          ))}
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-lg border border-dashed p-10 text-center" role="status">
          <p className="text-muted-foreground">{category ? t.blog.emptyCategory : t.blog.empty}</p>
          {category && (
            <Button asChild variant="outline" className="mt-4">
              <Link to={{ search: "" }}>{t.blog.showAll}</Link>
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((post, index) => (
              <li key={post.id} className="flex">
                <PostCard
                  post={post}
                  loading={index === 0 ? "priority" : index < 3 ? "eager" : "lazy"}
                />
              </li>
            ))}
          </ul>
          {posts.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                size="lg"
                onClick={() => void posts.fetchNextPage()}
                disabled={posts.isFetchingNextPage}
              >
                {posts.isFetchingNextPage ? t.blog.loadingMore : t.blog.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
