import { Eye, Handshake, Lightbulb, ShieldCheck } from "lucide-react";
import { auditFormSectionId, pathFor } from "@/config/routes";
import { aboutContent, teamMembers } from "@/content/about";
import { CtaBanner } from "@/features/marketing/components/cta-banner";
import { CtaLink } from "@/features/marketing/components/cta-link";
import {
  CardGrid,
  FeatureCard,
  Section,
  SectionHeading,
} from "@/features/marketing/components/section";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormHero, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { Illustration, StatGrid, usePageCopy } from "@/features/marketing/components/page-hero";
import { TeamCard } from "@/features/marketing/components/team-card";
import { PageMeta } from "@/components/seo/page-meta";

const valueIcons = [Eye, Handshake, ShieldCheck, Lightbulb] as const;

export default function AboutPage() {
  const { locale, content } = usePageCopy(aboutContent);

  return (
    <>
      <PageMeta id="about" />
      <LeadFormHero copy={content.hero} />

      <Section labelledBy="achievements-title" heading={content.achievements} align="center">
        <StatGrid items={content.achievements.items} tone="light" className="mt-12" />
      </Section>

      <Section labelledBy="story-title" tone="muted">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="story-title"
              eyebrow={content.story.eyebrow}
              title={content.story.title}
            />
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-foreground/85">
              {content.story.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </div>
          <Illustration
            src="/images/growth-milestones.svg"
            alt={content.story.illustrationAlt}
            width={480}
            height={360}
            className="h-auto w-full rounded-3xl shadow-sm"
          />
        </div>
      </Section>

      <Section labelledBy="team-title" heading={content.team} align="center">
        <CardGrid columns="sm:grid-cols-2 lg:grid-cols-4">
          {teamMembers.map((member, index) => {
            const copy = content.team.members[index];
            return copy && <TeamCard key={member.name} index={index} {...member} {...copy} />;
          })}
        </CardGrid>
      </Section>

      <Section labelledBy="values-title" heading={content.values} align="center" tone="dark">
        <CardGrid columns="sm:grid-cols-2 lg:grid-cols-4">
          {content.values.items.map((value, index) => (
            <FeatureCard
              key={value.title}
              icon={valueIcons[index] ?? Lightbulb}
              tone="dark"
              {...value}
            />
          ))}
        </CardGrid>
      </Section>

      <CtaBanner
        headingId="about-cta"
        copy={content.cta}
        className="pb-0 sm:pb-0"
        actions={<CtaLink to={pathFor("contact", locale)}>{content.cta.button}</CtaLink>}
      />

      <LeadFormSection id={auditFormSectionId} copy={content.leadForm}>
        <LazyLeadForm variant="audit" source="about" onSubmitted={trackLead} />
      </LeadFormSection>
    </>
  );
}
