import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { LazyPostHtml } from "./lazy-post-html";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { pathFor } from "@/config/routes";
import { useI18n } from "@/i18n/index";
import { formatDate } from "@/i18n/format";
import { cn } from "@/lib/cn";
import type { Post } from "../api/get-published-post";
import { PostBadges } from "./post-badges";
import { PostCover } from "./post-cover";
import { VideoEmbed } from "./video-embed";

export function PostArticle({ post }: { post: Post }) {
  const { locale, t } = useI18n();
  const date = post.published_at ?? post.created_at;
  return (
    <article className="container max-w-3xl py-12 sm:py-16">
      <Button asChild variant="ghost" className="-ml-3 mb-8">
        <Link to={pathFor("blog", locale)}>
          <ArrowLeft aria-hidden />
          {t.blog.backToBlog}
        </Link>
      </Button>
      <header className="space-y-5">
        <PostBadges category={post.category} featured={post.featured} />
        <h1 className="text-headline font-bold">{post.title}</h1>
        <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <time dateTime={date}>{formatDate(date, locale)}</time>
          {post.author && (
            <>
              <span aria-hidden>·</span>
              <span>{t.blog.by(post.author)}</span>
            </>
          )}
        </p>
        {post.excerpt && <p className="text-lg text-muted-foreground sm:text-xl">{post.excerpt}</p>}
      </header>
      <PostCover
        url={post.image_url}
        width={post.image_width}
        height={post.image_height}
        // An image of known size keeps its own proportions (up to most of the screen's height);
        // one without shows in the 16:9 cover box.
        className={cn(
          "mt-10 w-full rounded-lg bg-muted object-cover",
          post.image_width ? "h-auto max-h-[80vh]" : "aspect-[16/9]",
        )}
      />
      {post.video_url && (
        <div className="mt-10">
          <VideoEmbed url={post.video_url} title={post.title} />
        </div>
      )}
      <LazyPostHtml html={post.content} className="mt-10" />
    </article>
  );
}

export function PostArticleSkeleton() {
  const { t } = useI18n();
  return (
    <div className="container max-w-3xl space-y-5 py-16" aria-busy="true">
      <span className="sr-only" role="status">
        {t.blog.loading}
      </span>
      <Skeleton className="h-9 w-32" />
      <Skeleton className="h-12 w-4/5" />
      <Skeleton className="h-4 w-48" />
      <Skeleton className="aspect-[16/9] w-full rounded-lg" />
    </div>
  );
}
