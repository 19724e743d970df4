import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { auditFormPath } from "@/config/routes";
import { useI18n } from "@/i18n/index";

/** The free-audit call to action of the blog list and of every post: it leads to the audit form. */
export function BlogCta() {
  const { locale, t } = useI18n();
  return (
    <section
      aria-labelledby="blog-cta"
      className="rounded-2xl bg-ink px-6 py-12 text-center text-ink-foreground sm:px-12"
    >
      <h2 id="blog-cta" className="text-2xl font-bold text-white sm:text-3xl">
        {t.blog.ctaHeading}
      </h2>
      <p className="mx-auto mt-3 max-w-2xl">{t.blog.ctaBody}</p>
      <Button asChild size="lg" variant="inverse" className="mt-8">
        <Link to={auditFormPath(locale)}>
          {t.blog.ctaButton}
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </section>
  );
}
