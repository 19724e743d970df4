import type { PublicRouteId } from "@/config/routes";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";

/** A route whose content a later change writes: it already has its heading and metadata. */
export function PlaceholderPage({ id }: { id: PublicRouteId }) {
  const { t } = useI18n();
  return (
    <section className="container py-20">
      <PageMeta id={id} />
      <h1 className="text-headline font-bold">{t.meta[id].title}</h1>
      <p className="mt-4 max-w-prose text-lg text-muted-foreground">{t.meta[id].description}</p>
      <p className="mt-8 text-sm text-muted-foreground">{t.comingSoon}</p>
    </section>
  );
}
