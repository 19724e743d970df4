import { ArrowRight, ShieldCheck, TrendingUp, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { auditFormSectionId, pathFor } from "@/config/routes";
import { clientNames, homeContent, testimonialPeople } from "@/content/home";
import { homeServiceIds, servicesContent } from "@/content/services";
import { CtaLink } from "@/features/marketing/components/cta-link";
import { ClientStrip } from "@/features/marketing/components/client-strip";
import {
  CardGrid,
  FeatureCard,
  Section,
  SectionHeading,
} from "@/features/marketing/components/section";
import { FeaturedCase } from "@/features/marketing/components/featured-case";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormLink, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { Illustration, PageHero, StatGrid } from "@/features/marketing/components/page-hero";
import { ServiceCard } from "@/features/marketing/components/service-card";
import { TestimonialGrid } from "@/features/marketing/components/testimonial-card";
import { JsonLd } from "@/components/seo/json-ld";
import { PageMeta } from "@/components/seo/page-meta";
import { organizationData } from "@/components/seo/structured-data";
import { useI18n } from "@/i18n";

const reasonIcons = [TrendingUp, ShieldCheck, Users] as const;

export default function HomePage() {
  const { locale, t } = useI18n();
  const content = homeContent[locale];
  const services = servicesContent[locale];

  return (
    <>
      <PageMeta id="home" />
      <JsonLd data={organizationData(t.meta.home.description)} />
      <PageHero
        copy={content.hero}
        actions={
          <>
            <LeadFormLink target={auditFormSectionId}>{content.hero.primaryCta}</LeadFormLink>
            <Button asChild variant="outline" size="lg">
              <Link to={pathFor("caseStudies", locale)}>{content.hero.secondaryCta}</Link>
            </Button>
          </>
        }
        aside={
          <Illustration
            src="/images/hero-growth.svg"
            alt={content.hero.illustrationAlt}
            width={560}
            height={520}
            priority
            className="mx-auto h-auto w-full max-w-xs sm:max-w-md lg:max-w-none"
          />
        }
        footer={
          <section aria-labelledby="claims-title">
            <h2 id="claims-title" className="sr-only">
              {content.claims.title}
            </h2>
            <StatGrid items={content.claims.items} />
          </section>
        }
      />

      <ClientStrip headingId="clients-title" title={content.clients.title} names={clientNames} />

      <Section labelledBy="services-title">
        <div className="flex flex-col justify-between gap-6 md:flex-row md:items-end">
          <SectionHeading
            id="services-title"
            eyebrow={content.services.eyebrow}
            title={content.services.title}
            intro={content.services.intro}
          />
          <Button asChild variant="outline" className="self-start md:self-auto">
            <Link to={pathFor("services", locale)}>
              {content.services.allServices}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <CardGrid columns="sm:grid-cols-2 lg:grid-cols-4">
          {homeServiceIds.map((id) => (
            <ServiceCard key={id} serviceId={id} copy={services.items[id]} />
          ))}
        </CardGrid>
      </Section>

      <Section labelledBy="reasons-title" heading={content.reasons} align="center" tone="muted">
        <CardGrid columns="md:grid-cols-3">
          {content.reasons.items.map((reason, index) => (
            <FeatureCard key={reason.title} icon={reasonIcons[index] ?? TrendingUp} {...reason} />
          ))}
        </CardGrid>
      </Section>

      <FeaturedCase
        headingId="featured-case-title"
        copy={content.featuredCase}
        link={<CtaLink to={pathFor("caseStudies", locale)}>{content.featuredCase.link}</CtaLink>}
      />

      <Section labelledBy="testimonials-title" heading={content.testimonials} align="center" flush>
        <TestimonialGrid quotes={content.testimonials.items} people={testimonialPeople} />
      </Section>

      <LeadFormSection id={auditFormSectionId} copy={content.leadForm}>
        <LazyLeadForm variant="audit" source="homepage" onSubmitted={trackLead} />
      </LeadFormSection>
    </>
  );
}
