import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { auditFormPath, pathFor } from "@/config/routes";
import { caseStudiesContent, caseStudyIds } from "@/content/case-studies";
import { CaseStudyCard } from "@/features/marketing/components/case-study-card";
import { CtaBanner } from "@/features/marketing/components/cta-banner";
import { CtaLink } from "@/features/marketing/components/cta-link";
import { PageHero, StatGrid, usePageCopy } from "@/features/marketing/components/page-hero";
import { PageMeta } from "@/components/seo/page-meta";

export default function CaseStudiesPage() {
  const { locale, content } = usePageCopy(caseStudiesContent);

  return (
    <>
      <PageMeta id="caseStudies" />
      <PageHero
        copy={content.hero}
        footer={
          <StatGrid
            items={caseStudyIds.map((id) => content.items[id].headline)}
            className="grid-cols-1 sm:grid-cols-3"
          />
        }
      />

      <div className="container space-y-10 py-16 sm:py-24">
        {caseStudyIds.map((id) => (
          <CaseStudyCard key={id} id={id} study={content.items[id]} labels={content.labels} />
        ))}
      </div>

      <CtaBanner
        headingId="case-studies-cta"
        copy={content.cta}
        actions={
          <>
            <CtaLink to={auditFormPath(locale)}>{content.cta.button}</CtaLink>
            <Button
              asChild
              variant="outline"
              size="lg"
              className="border-white/40 bg-transparent text-white hover:bg-white/10"
            >
              <Link to={pathFor("services", locale)}>{content.cta.secondary}</Link>
            </Button>
          </>
        }
      />
    </>
  );
}
