import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { pathFor } from "@/config/routes";
import { useI18n } from "@/i18n";
import { loadAnalytics, revokeAnalytics, trackPageView } from "../analytics";
import {
  closeConsentSettings,
  setConsent,
  useConsentState,
  type ConsentChoice,
} from "../consent-store";

/** The consent banner itself, with its choices; loaded once a page needs it (consent-banner.tsx). */
export function ConsentBannerPanel() {
  const { locale, t } = useI18n();
  const { pathname } = useLocation();
  const { choice, settingsOpen } = useConsentState();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const firstPath = useRef(pathname);
  const open = choice === null || settingsOpen;

  useEffect(() => {
    if (choice === "granted") loadAnalytics();
  }, [choice]);

  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = "";
    trackPageView();
  }, [pathname]);

  // Reopened from 'Cookie settings': focus moves into the banner and back once closed.
  useEffect(() => {
    if (!settingsOpen) return;
    returnFocus.current = document.activeElement as HTMLElement | null;
    heading.current?.focus();
    return () => returnFocus.current?.focus();
  }, [settingsOpen]);

  if (!open) return null;

  const choose = (next: ConsentChoice) => {
    if (next === "denied") revokeAnalytics();
    setConsent(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && choice !== null) closeConsentSettings();
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onKeyDown={onKeyDown}
      data-testid="consent-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-border bg-background/95 shadow-[0_-8px_24px_rgb(0_0_0/0.08)] backdrop-blur"
    >
      <div className="container flex flex-col gap-4 py-4 md:flex-row md:items-center md:gap-8">
        <div className="flex-1 text-sm">
          <h2
            id={`${id}-title`}
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-ink focus:outline-none"
          >
            {t.consent.title}
          </h2>
          <p id={`${id}-body`} className="mt-1 text-muted-foreground">
            {t.consent.body}{" "}
            <Link to={pathFor("privacy", locale)} className="font-medium text-primary underline">
              {t.consent.privacyLink}
            </Link>
          </p>
        </div>
        {/* Equal weight: same size and style, so neither answer is nudged. */}
        <div className="grid shrink-0 grid-cols-2 gap-3">
          <Button type="button" className="min-w-28" onClick={() => choose("denied")}>
            {t.consent.reject}
          </Button>
          <Button type="button" className="min-w-28" onClick={() => choose("granted")}>
            {t.consent.accept}
          </Button>
        </div>
      </div>
    </section>
  );
}
