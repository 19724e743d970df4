import {
  ArrowUpRight,
  FileCode,
  FileText,
  Newspaper,
  PanelsTopLeft,
  type LucideIcon,
} from "lucide-react";
import { Link } from "react-router";

export interface SitemapLink {
  key: string;
  to: string;
  label: string;
  description: string;
}

interface SitemapGroupProps {
  /** Which group: its icon, and its heading's id (`sitemap-{kind}`). */
  kind: "main" | "content";
  copy: { title: string; description: string };
  links: readonly SitemapLink[];
}

const groupIcons: Record<SitemapGroupProps["kind"], LucideIcon> = {
  main: PanelsTopLeft,
  content: Newspaper,
};

function GroupHeading({
  id,
  title,
  description,
  icon: Icon,
}: {
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <h2 id={id} className="text-xl font-bold text-ink">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
    </div>
  );
}

/** A group of site pages with their descriptions. */
export function SitemapGroup({ kind, copy: { title, description }, links }: SitemapGroupProps) {
  const headingId = `sitemap-${kind}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <GroupHeading
        id={headingId}
        title={title}
        description={description}
        icon={groupIcons[kind]}
      />
      <ul className="mt-6 divide-y divide-border">
        {links.map((link) => (
          <li key={link.key} className="py-3">
            <Link
              to={link.to}
              className="font-semibold text-primary underline-offset-4 hover:underline"
            >
              {link.label}
            </Link>
            <p className="mt-0.5 text-sm text-muted-foreground">{link.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface TechnicalFile {
  id: string;
  href: string;
  label: string;
  description: string;
}

/** Files for crawlers: plain links (not app routes) that open in a new tab. */
export function TechnicalResources({
  headingId,
  title,
  description,
  files,
  newTab,
}: {
  headingId: string;
  title: string;
  description: string;
  files: readonly TechnicalFile[];
  newTab: string;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8"
    >
      <GroupHeading id={headingId} title={title} description={description} icon={FileCode} />
      <ul className="mt-6 divide-y divide-border">
        {files.map((file) => (
          <li key={file.id} className="flex items-start gap-3 py-3">
            <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <a
                href={file.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-mono text-sm font-semibold text-primary underline-offset-4 hover:underline"
              >
                {file.label}
                <ArrowUpRight className="size-4" aria-hidden />
                <span className="sr-only"> {newTab}</span>
              </a>
              <p className="mt-0.5 text-sm text-muted-foreground">{file.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
