import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { toast } from "@/components/ui/toaster";
import { pathFor } from "@/config/routes";
import { usePublishedPost } from "@/features/posts/api/get-published-post";
import { BlogCta } from "@/features/posts/components/blog-cta";
import { PostArticle, PostArticleSkeleton } from "@/features/posts/components/post-article";
import { PostHead } from "@/features/posts/components/post-head";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";
import { WithQueries } from "@/lib/with-queries";

function BlogPostContent() {
  const { locale, t } = useI18n();
  const { slug = "" } = useParams();
  const navigate = useNavigate();
  const post = usePublishedPost(locale, slug);
  const missing = post.isSuccess && post.data === null;

  useEffect(() => {
    if (!missing && !post.isError) return;
    if (post.isError) console.error("Failed to load blog post:", post.error);
    toast.error(t.blog.errorTitle, { description: missing ? t.blog.notFound : t.blog.loadFailed });
    navigate(pathFor("blog", locale), { replace: true });
  }, [missing, post.isError, post.error, t, locale, navigate]);

  if (post.data) {
    return (
      <>
        <PostHead post={post.data} />
        <PostArticle post={post.data} />
        <div className="container max-w-3xl pb-16 sm:pb-24">
          <BlogCta />
        </div>
      </>
    );
  }
  return (
    <>
      <PageMeta id="blogPost" noindex />
      <PostArticleSkeleton />
    </>
  );
}

export default function BlogPostPage() {
  return (
    <WithQueries>
      <BlogPostContent />
    </WithQueries>
  );
}
