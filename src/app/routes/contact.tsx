import { contactContent } from "@/content/contact";
import { ContactCards } from "@/features/marketing/components/contact-cards";
import { FaqList } from "@/features/marketing/components/faq-list";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormLink, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { PageHero } from "@/features/marketing/components/page-hero";
import { ResponseTime } from "@/features/marketing/components/response-time";
import { Section, SectionHeading } from "@/features/marketing/components/section-heading";
import { JsonLd } from "@/components/seo/json-ld";
import { PageMeta } from "@/components/seo/page-meta";
import { faqPageData } from "@/components/seo/structured-data";
import { useI18n } from "@/i18n";

const contactFormId = "contact-form";

export default function ContactPage() {
  const { locale } = useI18n();
  const content = contactContent[locale];

  return (
    <>
      <PageMeta id="contact" />
      <JsonLd data={faqPageData(content.faq.items)} />
      <PageHero
        copy={content.hero}
        actions={<LeadFormLink target={contactFormId}>{content.hero.cta}</LeadFormLink>}
      />

      <LeadFormSection id={contactFormId} title={content.form.title} intro={content.form.intro}>
        <LazyLeadForm variant="contact" source="contact" onSubmitted={trackLead} />
      </LeadFormSection>

      <Section labelledBy="channels-title" className="pt-0 sm:pt-0">
        <SectionHeading
          id="channels-title"
          eyebrow={content.channels.eyebrow}
          title={content.channels.title}
        />
        <div className="mt-10">
          <ContactCards
            email={content.channels.email}
            call={content.channels.call}
            linkedIn={content.channels.linkedIn}
            newTab={content.channels.newTab}
          />
        </div>
        <div className="mt-10">
          <ResponseTime
            headingId="response-title"
            title={content.response.title}
            items={content.response.items}
          />
        </div>
      </Section>

      <Section labelledBy="faq-title" className="bg-muted/40">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr]">
          <SectionHeading id="faq-title" eyebrow={content.faq.eyebrow} title={content.faq.title} />
          <FaqList items={content.faq.items} />
        </div>
      </Section>
    </>
  );
}
