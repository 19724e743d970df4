import { contactContent } from "@/content/contact";
import { ContactCards } from "@/features/marketing/components/contact-cards";
import { FaqList } from "@/features/marketing/components/faq-list";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormHero, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { ResponseTime } from "@/features/marketing/components/response-time";
import { Section, SectionHeading } from "@/features/marketing/components/section";
import { usePageCopy } from "@/features/marketing/components/page-hero";
import { JsonLd } from "@/components/seo/json-ld";
import { PageMeta } from "@/components/seo/page-meta";
import { faqPageData } from "@/components/seo/structured-data";

const contactFormId = "contact-form";

export default function ContactPage() {
  const { content } = usePageCopy(contactContent);

  return (
    <>
      <PageMeta id="contact" />
      <JsonLd data={faqPageData(content.faq.items)} />
      <LeadFormHero copy={content.hero} formId={contactFormId} />

      <LeadFormSection id={contactFormId} copy={content.form}>
        <LazyLeadForm variant="contact" source="contact" onSubmitted={trackLead} />
      </LeadFormSection>

      <Section labelledBy="channels-title" heading={content.channels} flush>
        <div className="mt-10">
          <ContactCards
            email={content.channels.email}
            call={content.channels.call}
            linkedIn={content.channels.linkedIn}
            newTab={content.channels.newTab}
          />
        </div>
        <div className="mt-10">
          <ResponseTime headingId="response-title" copy={content.response} />
        </div>
      </Section>

      <Section labelledBy="faq-title" tone="muted">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <SectionHeading id="faq-title" eyebrow={content.faq.eyebrow} title={content.faq.title} />
          <FaqList items={content.faq.items} />
        </div>
      </Section>
    </>
  );
}
