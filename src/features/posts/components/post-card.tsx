import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { pathFor } from "@/config/routes";
import { useI18n } from "@/i18n/index";
import { formatDate } from "@/i18n/format";
import type { PostSummary } from "../api/post-summary";
import { PostBadges } from "./post-badges";
import { PostCover } from "./post-cover";

/**
 * `priority` is for the first card, usually the page's largest paint: fetched first, decoded with
 * the frame. `eager` for the rest of the first row; the others load as they near the viewport.
 */
type PostCardLoading = "priority" | "eager" | "lazy";

export function PostCard({
  post,
  loading = "lazy",
}: {
  post: PostSummary;
  loading?: PostCardLoading;
}) {
  const { locale, t } = useI18n();
  const href = pathFor("blogPost", locale, { slug: post.slug });
  const date = post.published_at ?? post.created_at;
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md">
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        <PostCover
          url={post.image_url}
          loading={loading === "lazy" ? "lazy" : "eager"}
          fetchPriority={loading === "priority" ? "high" : "auto"}
          decoding={loading === "priority" ? "auto" : "async"}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <PostBadges
          category={post.category}
          featured={post.featured}
          hasVideo={Boolean(post.video_url)}
        />
        <h2 className="text-xl font-semibold leading-snug">
          <Link to={href} className="hover:text-primary">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="line-clamp-3 text-muted-foreground">{post.excerpt}</p>}
        <div className="mt-auto flex items-center justify-between gap-4 pt-2 text-sm">
          <time dateTime={date} className="text-muted-foreground">
            {formatDate(date, locale)}
          </time>
          <Link
            to={href}
            className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
          >
            {t.blog.readMore}
            <span className="sr-only">: {post.title}</span>
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </article>
  );
}

/** The badges, the title and two lines of excerpt, while the posts load. */
const skeletonLines = ["h-5 w-24 rounded-full", "h-6 w-4/5", "h-4 w-full", "h-4 w-2/3"];

export function PostCardSkeleton() {
  return (
    <div
      className="flex flex-col overflow-hidden rounded-lg border bg-card"
      data-testid="post-skeleton"
    >
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="flex flex-col gap-3 p-6">
        {skeletonLines.map((size) => (
          <Skeleton key={size} className={size} />
        ))}
      </div>
    </div>
  );
}
