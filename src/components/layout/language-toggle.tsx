import { Languages } from "lucide-react";
import { use } from "react";
import { Link, useLocation } from "react-router";
import { otherLocale, switchLocalePath } from "@/config/routes";
import { useI18n } from "@/i18n";
import { cn } from "@/lib/cn";
import { LanguageVersionsContext } from "./language-versions";

export function LanguageToggle({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  const { locale, t } = useI18n();
  const { pathname } = useLocation();
  const target = otherLocale(locale);
  const named = use(LanguageVersionsContext)?.[0];
  return (
    <Link
      to={switchLocalePath(pathname, target, named)}
      hrefLang={target}
      lang={target}
      // The name starts with the visible text (WCAG 2.5.3, label in name): "FR, Version française".
      aria-label={`${t.languageToggle.short}, ${t.languageToggle.label}`}
      title={t.languageToggle.label}
      onClick={onNavigate}
      data-testid="language-toggle"
      className={cn(
        "inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-semibold text-foreground hover:bg-muted",
        className,
      )}
    >
      <Languages className="size-4" aria-hidden />
      {t.languageToggle.short}
    </Link>
  );
}
