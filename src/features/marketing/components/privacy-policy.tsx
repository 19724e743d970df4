import { Mail } from "lucide-react";
import { site } from "@/config/site";

interface PrivacySection {
  title: string;
  paragraphs: readonly string[];
  list?: readonly string[];
}

interface PrivacyPolicyProps {
  tocTitle: string;
  sections: readonly PrivacySection[];
  contactEmailLabel: string;
}

const sectionId = (index: number) => `privacy-section-${index + 1}`;

/** The policy's numbered sections, a table of contents and the privacy contact. */
export function PrivacyPolicy({ tocTitle, sections, contactEmailLabel }: PrivacyPolicyProps) {
  return (
    <div className="container grid gap-12 py-16 lg:grid-cols-[16rem_1fr] lg:py-20">
      <nav aria-labelledby="privacy-toc" className="lg:sticky lg:top-24 lg:self-start">
        <h2
          id="privacy-toc"
          className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
        >
          {tocTitle}
        </h2>
        <ol className="mt-4 space-y-1 border-l border-border">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a
                href={`#${sectionId(index)}`}
                className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-sm text-muted-foreground hover:border-primary hover:text-ink"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="max-w-prose space-y-12">
        {sections.map((section, index) => (
          <section key={section.title} aria-labelledby={sectionId(index)}>
            <h2 id={sectionId(index)} className="text-2xl font-bold tracking-tight text-ink">
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-foreground/85">
                {paragraph}
              </p>
            ))}
            {section.list && (
              <ul className="mt-4 list-disc space-y-2 pl-6 leading-relaxed text-foreground/85 marker:text-primary">
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
            {index === sections.length - 1 && (
              <p className="mt-6 flex flex-wrap items-center gap-2 rounded-xl bg-secondary p-4 text-secondary-foreground">
                <Mail className="size-5 text-primary" aria-hidden />
                <span>{contactEmailLabel}</span>
                <a
                  href={`mailto:${site.contactEmail}`}
                  className="font-semibold text-primary underline underline-offset-4"
                >
                  {site.contactEmail}
                </a>
              </p>
            )}
          </section>
        ))}
      </div>
    </div>
  );
}
