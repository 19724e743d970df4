import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { useI18n } from "@/i18n";
import { Footer } from "./footer";
import { Header } from "./header";
import { LanguageSync } from "./language-sync";

interface LayoutProps {
  /** The consent banner, composed by the app. */
  banner?: ReactNode;
  /** Extra footer links, such as 'Cookie settings'. */
  footerLinks?: ReactNode;
}

export function Layout({ banner, footerLinks }: LayoutProps) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-dvh flex-col">
      <LanguageSync />
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t.skipToContent}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 pt-[var(--header-height)] focus:outline-none">
        <Outlet />
      </main>
      <Footer extraLinks={footerLinks} />
      {banner}
    </div>
  );
}
