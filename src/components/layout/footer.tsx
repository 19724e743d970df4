import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { footerCompanyRouteIds, pathFor } from "@/config/routes";
import { site } from "@/config/site";
import { serviceIds, serviceNames } from "@/content/service-names";
import { useI18n } from "@/i18n";
import { Logo } from "./logo";

const footerLink = "text-sm text-ink-foreground/80 hover:text-white hover:underline";

export function Footer({ extraLinks }: { extraLinks?: ReactNode }) {
  const { locale, t } = useI18n();
  return (
    <footer className="bg-ink text-ink-foreground">
      <div className="container grid gap-10 py-14 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm space-y-4">
          <Link
            to={pathFor("home", locale)}
            aria-label={t.header.homeLink}
            className="inline-block text-white"
          >
            <Logo inverse />
          </Link>
          <p className="text-sm leading-relaxed text-ink-foreground/80">{t.footer.tagline}</p>
          <a
            href={`mailto:${site.contactEmail}`}
            className="inline-flex items-center gap-2 text-sm font-semibold text-white hover:underline"
          >
            <Mail className="size-4" aria-hidden />
            <span className="sr-only">{t.footer.emailUs}</span>
            {site.contactEmail}
          </a>
        </div>

        <FooterNav
          id="footer-services"
          heading={t.footer.servicesHeading}
          links={serviceIds.map((id) => ({
            key: id,
            to: pathFor("services", locale),
            label: serviceNames[locale][id],
          }))}
        />
        <FooterNav
          id="footer-company"
          heading={t.footer.companyHeading}
          links={footerCompanyRouteIds.map((id) => ({
            key: id,
            to: pathFor(id, locale),
            label: t.routes[id],
          }))}
        >
          {extraLinks}
        </FooterNav>
      </div>
      <div className="border-t border-white/10">
        <p className="container py-6 text-xs text-ink-foreground/70">
          {t.footer.rights(new Date().getFullYear(), site.name)}
        </p>
      </div>
    </footer>
  );
}

/** A titled column of footer links; `children` are extra list items. */
function FooterNav({
  id,
  heading,
  links,
  children,
}: {
  id: string;
  heading: string;
  links: { key: string; to: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-sm font-semibold uppercase tracking-wider text-white">
        {heading}
      </h2>
      <ul className="space-y-2">
        {links.map((link) => (
          <li key={link.key}>
            <Link to={link.to} className={footerLink}>
              {link.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
