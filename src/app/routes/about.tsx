import { ArrowRight, Eye, Handshake, Lightbulb, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { auditFormSectionId, pathFor } from "@/config/routes";
import { aboutContent, teamMembers } from "@/content/about";
import { CtaBanner } from "@/features/marketing/components/cta-banner";
import { FeatureCard } from "@/features/marketing/components/feature-card";
import { trackLead } from "@/features/consent/analytics";
import { LazyLeadForm } from "@/features/leads/components/lazy-lead-form";
import { LeadFormLink, LeadFormSection } from "@/features/marketing/components/lead-form-section";
import { PageHero } from "@/features/marketing/components/page-hero";
import { Section, SectionHeading } from "@/features/marketing/components/section-heading";
import { StatGrid } from "@/features/marketing/components/stat-grid";
import { TeamCard } from "@/features/marketing/components/team-card";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";

const leadFormId = auditFormSectionId;
const valueIcons = [Eye, Handshake, ShieldCheck, Lightbulb] as const;

export default function AboutPage() {
  const { locale } = useI18n();
  const content = aboutContent[locale];

  return (
    <>
      <PageMeta id="about" />
      <PageHero
        copy={content.hero}
        actions={<LeadFormLink target={leadFormId}>{content.hero.cta}</LeadFormLink>}
      />

      <Section labelledBy="achievements-title">
        <SectionHeading
          id="achievements-title"
          eyebrow={content.achievements.eyebrow}
          title={content.achievements.title}
          align="center"
        />
        <StatGrid items={content.achievements.items} tone="light" className="mt-12" />
      </Section>

      <Section labelledBy="story-title" className="bg-muted/40">
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
          <img
            src="/images/growth-milestones.svg"
            alt={content.story.illustrationAlt}
            width={480}
            height={360}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-3xl shadow-sm"
          />
        </div>
      </Section>

      <Section labelledBy="team-title">
        <SectionHeading
          id="team-title"
          eyebrow={content.team.eyebrow}
          title={content.team.title}
          intro={content.team.intro}
          align="center"
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {teamMembers.map((member, index) => {
            const copy = content.team.members[index];
            if (!copy) return null;
            return (
              <li key={member.name}>
                <TeamCard
                  index={index}
                  name={member.name}
                  initials={member.initials}
                  role={copy.role}
                  bio={copy.bio}
                />
              </li>
            );
          })}
        </ul>
      </Section>

      <Section labelledBy="values-title" className="bg-ink">
        <SectionHeading
          id="values-title"
          eyebrow={content.values.eyebrow}
          title={content.values.title}
          tone="dark"
          align="center"
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.values.items.map((value, index) => (
            <li key={value.title}>
              <FeatureCard
                icon={valueIcons[index] ?? Lightbulb}
                title={value.title}
                description={value.description}
                tone="dark"
              />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner
        headingId="about-cta"
        className="pb-0 sm:pb-0"
        title={content.cta.title}
        body={content.cta.body}
        actions={
          <Button asChild variant="inverse" size="lg">
            <Link to={pathFor("contact", locale)}>
              {content.cta.button}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        }
      />

      <LeadFormSection
        id={leadFormId}
        title={content.leadForm.title}
        intro={content.leadForm.intro}
      >
        <LazyLeadForm variant="audit" source="about" onSubmitted={trackLead} />
      </LeadFormSection>
    </>
  );
}
