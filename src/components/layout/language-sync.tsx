import { useEffect } from "react";
import { languages } from "@shared/languages.ts";
import { useI18n } from "@/i18n";

/** Keeps <html lang> on the language of the current URL. */
export function LanguageSync() {
  const { locale } = useI18n();
  useEffect(() => {
    document.documentElement.lang = languages.lang[locale];
  }, [locale]);
  return null;
}
