import type { Locale } from "@/config/routes";

// Spelled out here rather than by Intl.DateTimeFormat: the first Intl date format on a page
// makes the browser load its locale data, 30–100 ms of main thread in the middle of hydration
// on every page with a date. French also writes the first of the month "1er", which Intl does not.
const englishMonths = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const frenchMonths = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** How each language writes a date, from its day, month (0–11) and year. */
const dateFormats: Record<Locale, (day: number, month: number, year: number) => string> = {
  en: (day, month, year) => `${englishMonths[month]} ${day}, ${year}`,
  fr: (day, month, year) => `${day === 1 ? "1er" : day} ${frenchMonths[month]} ${year}`,
};

/** A calendar date with the month spelled out: "November 1, 2026" / "1er novembre 2026". */
export function formatDate(value: string | Date, locale: Locale): string {
  const date = typeof value === "string" ? new Date(value) : value;
  // One fixed zone, so a prerendered date and its hydrated twin always agree.
  return dateFormats[locale](date.getUTCDate(), date.getUTCMonth(), date.getUTCFullYear());
}
