import { Languages } from "lucide-react";
import { use } from "react";
import { Link, useLocation } from "react-router";
import { languages } from "@shared/languages.ts";
import { localeFromPath, locales, switchLocalePath } from "@/config/routes";
import { cn } from "@/lib/cn";
import { LanguageVersionsContext } from "./language-versions";

/**
 * A link to the page in each other language, named in that language: the one link while the
 * site has two languages, side by side with more.
 */
export function LanguageToggle({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const current = localeFromPath(pathname);
  const named = use(LanguageVersionsContext)?.[0];
  return locales
    .filter((locale) => locale !== current)
    .map((locale) => {
      const lang = languages.lang[locale];
      const short = lang.toUpperCase();
      const label = languages.version[locale];
      return (
        <Link
          key={locale}
          to={switchLocalePath(pathname, locale, named)}
          hrefLang={lang}
          lang={lang}
          // The name starts with the visible text (WCAG 2.5.3, label in name): "FR, Version française".
          aria-label={`${short}, ${label}`}
          title={label}
          onClick={onNavigate}
          data-testid="language-toggle"
          className={cn(
            "inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-foreground hover:bg-muted",
            className,
          )}
        >
          <Languages className="size-4" aria-hidden />
          {short}
        </Link>
      );
    });
}
