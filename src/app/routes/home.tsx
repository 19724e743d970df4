import { ArrowRight, ShieldCheck, TrendingUp, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { auditFormSectionId, pathFor } from "@/config/routes";
import { clientNames, homeContent, testimonialPeople } from "@/content/home";
import { homeServiceIds, servicesContent } from "@/content/services";
import { ClientStrip } from "@/features/marketing/components/client-strip";
import { FeatureCard } from "@/features/marketing/components/feature-card";
import { FeaturedCase } from "@/features/marketing/components/featured-case";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormLink, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { PageHero } from "@/features/marketing/components/page-hero";
import { Section, SectionHeading } from "@/features/marketing/components/section-heading";
import { ServiceCard } from "@/features/marketing/components/service-card";
import { StatGrid } from "@/features/marketing/components/stat-grid";
import { TestimonialCard } from "@/features/marketing/components/testimonial-card";
import { JsonLd } from "@/components/seo/json-ld";
import { PageMeta } from "@/components/seo/page-meta";
import { organizationData } from "@/components/seo/structured-data";
import { useI18n } from "@/i18n";

const leadFormId = auditFormSectionId;
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
            <LeadFormLink target={leadFormId}>{content.hero.primaryCta}</LeadFormLink>
            <Button asChild variant="outline" size="lg">
              <Link to={pathFor("caseStudies", locale)}>{content.hero.secondaryCta}</Link>
            </Button>
          </>
        }
        aside={
          <img
            src="/images/hero-growth.svg"
            alt={content.hero.illustrationAlt}
            width={560}
            height={520}
            fetchPriority="high"
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
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {homeServiceIds.map((id) => (
            <li key={id}>
              <ServiceCard
                serviceId={id}
                title={services.items[id].title}
                description={services.items[id].description}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="reasons-title" className="bg-muted/40">
        <SectionHeading
          id="reasons-title"
          eyebrow={content.reasons.eyebrow}
          title={content.reasons.title}
          align="center"
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {content.reasons.items.map((reason, index) => (
            <li key={reason.title}>
              <FeatureCard
                icon={reasonIcons[index] ?? TrendingUp}
                title={reason.title}
                description={reason.description}
              />
            </li>
          ))}
        </ul>
      </Section>

      <FeaturedCase
        headingId="featured-case-title"
        eyebrow={content.featuredCase.eyebrow}
        title={content.featuredCase.title}
        summary={content.featuredCase.summary}
        metrics={content.featuredCase.metrics}
        link={
          <Button asChild variant="inverse" size="lg">
            <Link to={pathFor("caseStudies", locale)}>
              {content.featuredCase.link}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />

      <Section labelledBy="testimonials-title" className="pt-0 sm:pt-0">
        <SectionHeading
          id="testimonials-title"
          eyebrow={content.testimonials.eyebrow}
          title={content.testimonials.title}
          align="center"
        />
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {content.testimonials.items.map((item, index) => {
            const person = testimonialPeople[index];
            if (!person) return null;
            return (
              <li key={person.author}>
                <TestimonialCard
                  quote={item.quote}
                  title={item.title}
                  author={person.author}
                  company={person.company}
                  initials={person.initials}
                />
              </li>
            );
          })}
        </ul>
      </Section>

      <LeadFormSection
        id={leadFormId}
        title={content.leadForm.title}
        intro={content.leadForm.intro}
      >
        <LazyLeadForm variant="audit" source="homepage" onSubmitted={trackLead} />
      </LeadFormSection>
    </>
  );
}
