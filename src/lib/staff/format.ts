import { agencyHours } from "@shared/agency-hours.ts";
import type { Enums } from "@/types/database";

const dateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

const dateOnly = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
});

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

const agencyDateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: agencyHours.timeZone,
});

/** A moment on the agency's clock (shared/agency-hours.ts), wherever the reader is: "Mar 2, 2026, 9:00 AM". */
export function formatAgencyDateTime(iso: string): string {
  return agencyDateTime.format(new Date(iso));
}

/** The agency's clock by its city, as its time zone names it: "Paris" ("Paris time"). */
export const agencyCity = agencyHours.timeZone.split("/").at(-1)!.replaceAll("_", " ");

// The database's dates ("2026-09-07") are days, not moments: read at midnight UTC, shown as is.
const weekStart = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

const monthStart = new Intl.DateTimeFormat("en-GB", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A week by its first day, a date from the database: "Mon 5 Oct" (en-GB writes "Sept"). */
export function formatWeek(date: string): string {
  return weekStart.format(new Date(date));
}

/** A month by its first day, a date from the database: "Oct 2026". */
export function formatMonth(date: string): string {
  return monthStart.format(new Date(date));
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

const relativeUnits = [
  { unit: "minute", ms: 60_000, below: 60 },
  { unit: "hour", ms: 3_600_000, below: 24 },
  { unit: "day", ms: 86_400_000, below: 7 },
] as const;

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; a week or more ago, the date. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < 60_000) return "just now";
  for (const { unit, ms, below } of relativeUnits) {
    const count = Math.floor(elapsed / ms);
    if (count < below) return relative.format(-count, unit);
  }
  return formatDate(iso);
}

// Keyed by the database's enums: a value added there fails the type check until it has a label.
export const sourceLabels: Record<Enums<"lead_source">, string> = {
  homepage: "Homepage",
  services: "Services",
  about: "About",
  contact: "Contact",
};

export const languageLabels: Record<Enums<"site_language">, string> = {
  en: "English",
  fr: "French",
};

/** The staff roles as the workspace names them. */
export const roleLabels: Record<Enums<"staff_role">, string> = {
  admin: "Administrator",
  sales: "Sales",
  editor: "Editor",
};

export const statusLabels: Record<Enums<"lead_status" | "post_status">, string> = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  draft: "Draft",
  published: "Published",
};

/** A newsletter sign-up's state; bounced and complained addresses are never mailed again. */
export const subscriberStatusLabels: Record<Enums<"newsletter_status">, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
  bounced: "Bounced",
  complained: "Complained",
};

/** Where a newsletter send stands. */
export const sendStatusLabels: Record<Enums<"newsletter_send_status">, string> = {
  scheduled: "Scheduled",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** "1 post", "1,204 posts". */
export function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/** One page of a list paged by the server: "Showing 51–100 of 3,333 leads", or "0 leads". */
export function pageSummary(
  {
    page,
    pageSize,
    shown,
    total,
  }: { page: number; pageSize: number; shown: number; total: number },
  one: string,
  many: string,
): string {
  if (shown === 0) return total === 0 ? `0 ${many}` : `0 of ${plural(total, one, many)}`;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${plural(total, one, many)}`;
}

export function labelFor(labels: Readonly<Record<string, string>>, value: string): string {
  return labels[value] ?? value;
}
