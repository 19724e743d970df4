import { BlogCta } from "@/features/posts/components/blog-cta";
import { PostList } from "@/features/posts/components/post-list";
import { LazyNewsletterSignup } from "@/features/newsletter/components/lazy-newsletter-signup";
import { PageMeta } from "@/components/seo/page-meta";
import { feedPath } from "@/config/routes";
import { site } from "@/config/site";
import { useI18n } from "@/i18n";
import { WithQueries } from "@/lib/with-queries";

function BlogContent() {
  const { locale, t } = useI18n();
  return (
    <>
      <PageMeta id="blog" />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={`${t.blog.feed.title(site.name)} (RSS)`}
        href={feedPath(locale)}
      />
      <section className="border-b bg-linear-to-b from-secondary/60 to-background">
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
        <div className="grid gap-8 lg:grid-cols-2">
          <BlogCta />
          <LazyNewsletterSignup locale={locale} />
        </div>
      </div>
    </>
  );
}

export default function BlogPage() {
  return (
    <WithQueries>
      <BlogContent />
    </WithQueries>
  );
}
