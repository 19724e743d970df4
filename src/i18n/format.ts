import type { Locale } from "@/config/routes";

const intlLocales: Record<Locale, string> = { en: "en-US", fr: "fr-FR" };

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A calendar date with the month spelled out: "November 1, 2026" / "1 novembre 2026". */
export function formatDate(value: string | Date, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[locale], {
      year: "numeric",
      month: "long",
      day: "numeric",
      // One fixed zone, so a prerendered date and its hydrated twin always agree.
      timeZone: "UTC",
    });
    dateFormats.set(locale, format);
  }
  return format.format(typeof value === "string" ? new Date(value) : value);
}
