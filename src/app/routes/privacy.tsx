import { CalendarDays } from "lucide-react";
import { site } from "@/config/site";
import { privacyContent } from "@/content/privacy";
import { PrivacyPolicy } from "@/features/marketing/components/privacy-policy";
import { PageMeta } from "@/components/seo/page-meta";
import { useI18n } from "@/i18n";
import { formatDate } from "@/i18n/format";

export default function PrivacyPage() {
  const { locale } = useI18n();
  const content = privacyContent[locale];

  return (
    <>
      <PageMeta id="privacy" />
      <section
        aria-labelledby="page-title"
        className="border-b border-border/60 bg-linear-to-b from-secondary to-background"
      >
        <div className="container py-16 sm:py-20">
          <h1 id="page-title" className="text-display font-extrabold text-ink">
            {content.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
            {content.intro}
          </p>
          <p
            data-testid="privacy-last-updated"
            className="mt-6 inline-flex items-center gap-2 rounded-full border border-border bg-background px-4 py-1.5 text-sm text-muted-foreground"
          >
            <CalendarDays className="size-4 text-primary" aria-hidden />
            {content.lastUpdated}{" "}
            <time dateTime={site.privacyLastUpdated} className="font-semibold text-ink">
              {formatDate(site.privacyLastUpdated, locale)}
            </time>
          </p>
        </div>
      </section>
      <PrivacyPolicy
        tocTitle={content.tocTitle}
        sections={content.sections}
        contactEmailLabel={content.contactEmailLabel}
      />
    </>
  );
}
