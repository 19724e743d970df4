import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { useI18n } from "@/i18n";

export default function NotFoundPage() {
  const { locale, t } = useI18n();
  const { pathname } = useLocation();

  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);

  return (
    <section className="container flex flex-col items-center py-28 text-center">
      <title>{`${t.notFound.title} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <meta name="description" content={t.notFound.body} />
      <p className="text-7xl font-extrabold tracking-tight text-primary" aria-hidden>
        404
      </p>
      <h1 className="mt-4 text-headline font-bold">{t.notFound.title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{t.notFound.body}</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={pathFor("home", locale)}>{t.notFound.cta}</Link>
      </Button>
    </section>
  );
}
