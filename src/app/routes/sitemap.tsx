import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  pathFor,
  quickNavRouteIds,
  sitemapContentRouteIds,
  sitemapMainRouteIds,
  type PublicRouteId,
} from "@/config/routes";
import { sitemapContent, technicalFiles } from "@/content/sitemap";
import { PageHero } from "@/features/marketing/components/page-hero";
import {
  SitemapGroup,
  TechnicalResources,
  type SitemapLink,
} from "@/features/marketing/components/sitemap-overview";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";

export default function SitemapPage() {
  const { locale, t } = useI18n();
  const content = sitemapContent[locale];
  const toLinks = (ids: readonly PublicRouteId[]): SitemapLink[] =>
    ids.map((id) => ({
      key: id,
      to: pathFor(id, locale),
      label: t.routes[id],
      description: t.meta[id].description,
    }));
  const pageCount = sitemapMainRouteIds.length + sitemapContentRouteIds.length;

  return (
    <>
      <PageMeta id="sitemap" />
      <PageHero
        copy={content}
        actions={
          <Badge data-testid="sitemap-page-count" className="px-4 py-1.5 text-sm">
            {content.pagesAvailable(pageCount)}
          </Badge>
        }
      />

      <div className="container grid gap-6 py-16 lg:grid-cols-2">
        <div className="lg:row-span-2">
          <SitemapGroup kind="main" copy={content.main} links={toLinks(sitemapMainRouteIds)} />
        </div>
        <SitemapGroup
          kind="content"
          copy={content.content}
          links={toLinks(sitemapContentRouteIds)}
        />
        <TechnicalResources
          headingId="sitemap-technical"
          title={content.technical.title}
          description={content.technical.description}
          newTab={content.technical.newTab}
          files={technicalFiles.map((file) => ({
            ...file,
            description: content.technical.files[file.id],
          }))}
        />
      </div>

      <section aria-labelledby="quick-nav-title" className="container pb-20">
        <div className="rounded-2xl bg-ink p-6 sm:p-8">
          <h2 id="quick-nav-title" className="text-lg font-bold text-white">
            {content.quickNav.title}
          </h2>
          <nav aria-labelledby="quick-nav-title" className="mt-5 flex flex-wrap gap-3">
            {quickNavRouteIds.map((id) => (
              <Button key={id} asChild variant="inverse">
                <Link to={pathFor(id, locale)}>{t.routes[id]}</Link>
              </Button>
            ))}
          </nav>
        </div>
      </section>
    </>
  );
}
