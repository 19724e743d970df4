import { auditFormSectionId } from "@/config/routes";
import { servicesContent, serviceIds } from "@/content/services";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormLink, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { PageHero } from "@/features/marketing/components/page-hero";
import { ProcessSteps } from "@/features/marketing/components/process-steps";
import { Section, SectionHeading } from "@/features/marketing/components/section-heading";
import { ServiceCard } from "@/features/marketing/components/service-card";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";

const leadFormId = auditFormSectionId;

export default function ServicesPage() {
  const { locale } = useI18n();
  const content = servicesContent[locale];

  return (
    <>
      <PageMeta id="services" />
      <PageHero
        copy={content.hero}
        actions={<LeadFormLink target={leadFormId}>{content.hero.cta}</LeadFormLink>}
      />

      <Section labelledBy="services-list-title">
        <SectionHeading
          id="services-list-title"
          eyebrow={content.list.eyebrow}
          title={content.list.title}
          intro={content.list.intro}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {serviceIds.map((id) => (
            <li key={id}>
              <ServiceCard
                serviceId={id}
                title={content.items[id].title}
                description={content.items[id].description}
                features={content.items[id].features}
                featuresLabel={content.list.featuresLabel}
              />
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="process-title" className="bg-muted/40">
        <SectionHeading
          id="process-title"
          eyebrow={content.process.eyebrow}
          title={content.process.title}
          intro={content.process.intro}
          align="center"
        />
        <div className="mt-12">
          <ProcessSteps steps={content.process.steps} stepLabel={content.process.stepLabel} />
        </div>
      </Section>

      <LeadFormSection
        id={leadFormId}
        title={content.leadForm.title}
        intro={content.leadForm.intro}
      >
        <LazyLeadForm variant="audit" source="services" onSubmitted={trackLead} />
      </LeadFormSection>
    </>
  );
}
