import type { PublicRouteId } from "@/config/routes";
import { site } from "@/config/site";
import { useI18n } from "@/i18n";

interface PageMetaProps {
  id: PublicRouteId;
  /** Overrides the route's own title and description (a blog post, say). */
  title?: string;
  description?: string;
  noindex?: boolean;
}

/** Document title and description, hoisted into <head> by React. */
export function PageMeta({ id, title, description, noindex = false }: PageMetaProps) {
  const { t } = useI18n();
  const meta = t.meta[id];
  return (
    <>
      <title>{`${title ?? meta.title} | ${site.name}`}</title>
      <meta name="description" content={description ?? meta.description} />
      {noindex && <meta name="robots" content="noindex" />}
    </>
  );
}
