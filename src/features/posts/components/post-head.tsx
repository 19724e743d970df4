import { usePageLanguageVersions } from "@/components/layout/use-page-language-versions";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { JsonLd } from "@/components/seo/json-ld";
import { PageMeta } from "@/components/seo/page-meta";
import { breadcrumbData } from "@/components/seo/structured-data";
import { useI18n } from "@/i18n/index";
import { allowedImageUrl } from "@/lib/safe-url";
import type { Post } from "../api/get-published-post";

/**
 * Title, description, social previews, language versions (with a published translation) and
 * structured data (post, breadcrumb) of one post.
 */
export function PostHead({ post }: { post: Post }) {
  const { locale, t } = useI18n();
  usePageLanguageVersions(post.languageVersions);
  const description = post.meta_description || post.excerpt || undefined;
  const path = pathFor("blogPost", locale, { slug: post.slug });
  const url = `${site.url}${path}`;
  const allowed = allowedImageUrl(post.image_url);
  const image = allowed ? new URL(allowed, site.url).href : undefined;
  return (
    <>
      <PageMeta
        id="blogPost"
        title={post.meta_title || post.title}
        description={description}
        image={image}
        type="article"
        languageVersions={post.languageVersions}
        publishedTime={post.published_at ?? undefined}
      />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description,
          image,
          inLanguage: post.language,
          datePublished: post.published_at ?? post.created_at,
          dateModified: post.updated_at,
          author: {
            "@type": post.author ? "Person" : "Organization",
            name: post.author || site.name,
          },
          publisher: { "@type": "Organization", name: site.name, url: site.url },
          mainEntityOfPage: url,
          keywords: post.keywords || undefined,
        }}
      />
      <JsonLd
        data={breadcrumbData([
          { name: t.routes.home, path: pathFor("home", locale) },
          { name: t.routes.blog, path: pathFor("blog", locale) },
          { name: post.title, path },
        ])}
      />
    </>
  );
}
