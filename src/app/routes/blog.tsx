import { BlogCta } from "@/features/blog/components/blog-cta";
import { PostList } from "@/features/blog/components/post-list";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";

export default function BlogPage() {
  const { t } = useI18n();
  return (
    <>
      <PageMeta id="blog" />
      <section className="border-b bg-gradient-to-b from-secondary/60 to-background">
        <div className="container py-16 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t.blog.eyebrow}
          </p>
          <h1 className="mt-3 text-display font-extrabold">{t.blog.heading}</h1>
          <p className="mt-5 max-w-2xl text-lg text-muted-foreground">{t.blog.intro}</p>
        </div>
      </section>
      <div className="container space-y-16 py-12 sm:py-16">
        <PostList />
        <BlogCta />
      </div>
    </>
  );
}
