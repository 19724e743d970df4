import { auditFormSectionId } from "@/config/routes";
import { servicesContent, serviceIds } from "@/content/services";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormHero, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { ProcessSteps } from "@/features/marketing/components/process-steps";
import { CardGrid, Section } from "@/features/marketing/components/section";
import { usePageCopy } from "@/features/marketing/components/page-hero";
import { ServiceCard } from "@/features/marketing/components/service-card";
import { PageMeta } from "@/components/seo/page-meta";

export default function ServicesPage() {
  const { content } = usePageCopy(servicesContent);

  return (
    <>
      <PageMeta id="services" />
      <LeadFormHero copy={content.hero} />

      <Section labelledBy="services-list-title" heading={content.list}>
        <CardGrid columns="md:grid-cols-2 lg:grid-cols-3">
          {serviceIds.map((id) => (
            <ServiceCard
              key={id}
              serviceId={id}
              copy={content.items[id]}
              featuresLabel={content.list.featuresLabel}
            />
          ))}
        </CardGrid>
      </Section>

      <Section labelledBy="process-title" heading={content.process} align="center" tone="muted">
        <div className="mt-12">
          <ProcessSteps steps={content.process.steps} stepLabel={content.process.stepLabel} />
        </div>
      </Section>

      <LeadFormSection id={auditFormSectionId} copy={content.leadForm}>
        <LazyLeadForm variant="audit" source="services" onSubmitted={trackLead} />
      </LeadFormSection>
    </>
  );
}
