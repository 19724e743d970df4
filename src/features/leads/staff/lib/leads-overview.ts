import { agencyHours, replyPromise } from "@shared/agency-hours.ts";
import { agencyCity, formatWeek, languageLabels, sourceLabels } from "@/lib/staff/format";
import { overviewWeeks, periodRange, weekStart } from "@/lib/staff/overview-period";
import { type LeadFunnel, type LeadsWeekRow, type ReplyTimesRow } from "../api/get-leads-overview";

/** A stretch of time, [since, until). */
export interface TimeWindow {
  since: Date;
  until: Date;
}

/** The weeks the charts show: from the start of the week `overviewWeeks - 1` weeks ago. */
export function chartedWeeks(now: Date): TimeWindow {
  return { since: weekStart(now, overviewWeeks - 1), until: now };
}

/** The promise's window: the last 30 days, as the period of that name. */
export function lastThirtyDays(now: Date): TimeWindow {
  return periodRange({ preset: "30d" }, now);
}

/** What the leads per week are split by. */
export type LeadsSplit = "source" | "language";

export const splitLabels: Record<LeadsSplit, string> = {
  source: "By source",
  language: "By language",
};

const splitValueLabels: Record<LeadsSplit, Readonly<Record<string, string>>> = {
  source: sourceLabels,
  language: languageLabels,
};

/** One week's bar: its label, total and a count per series (by the series' key). */
export type WeekBar = { week: string; label: string; total: number } & Record<string, number>;

/** The weeks as stacked bars, split by source or language, with the series in label order. */
export function leadsByWeek(rows: readonly LeadsWeekRow[], split: LeadsSplit) {
  const labels = splitValueLabels[split];
  const series = Object.entries(labels).map(([key, label]) => ({ key, label }));
  const weeks = new Map<string, WeekBar>();
  for (const row of rows) {
    const week =
      weeks.get(row.week_start) ??
      ({
        week: row.week_start,
        label: formatWeek(row.week_start),
        total: 0,
        ...Object.fromEntries(series.map(({ key }) => [key, 0])),
      } as WeekBar);
    const key = row[split];
    week[key] = (week[key] ?? 0) + row.leads;
    week.total += row.leads;
    weeks.set(row.week_start, week);
  }
  return { series, weeks: [...weeks.values()] };
}

/** The current week's leads and the week before's (the last two weeks of the chart). */
export function thisWeekAndLast(weeks: readonly WeekBar[]) {
  return { thisWeek: weeks.at(-1)?.total ?? 0, lastWeek: weeks.at(-2)?.total ?? 0 };
}

/** Business hours with one decimal, "3.5 h"; "–" when nothing was replied to. */
export function formatHours(hours: number | null): string {
  return hours === null ? "–" : `${hours.toFixed(1)} h`;
}

export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

/** "75%" of `whole`; "–" of nothing. */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? "–" : `${Math.round((part / whole) * 100)}%`;
}

/** The funnel's stages, each with its leads and share of those received. */
export function funnelStages({ received, contacted, qualified }: LeadFunnel) {
  return [
    { stage: "Received", leads: received, share: formatShare(received, received) },
    { stage: "Contacted", leads: contacted, share: formatShare(contacted, received) },
    { stage: "Qualified", leads: qualified, share: formatShare(qualified, received) },
  ];
}

// "09:00" → "9:00".
const clock = (time: string) => time.replace(/^0(?=\d)/, "");

/** Which hours the reply clock counts (shared/agency-hours.ts), as the Overview says it. */
export const businessHoursNote = `Business hours: Monday to Friday, ${clock(agencyHours.opens)}–${clock(agencyHours.closes)} ${agencyCity} time`;

/** Whether the measured median reply is slower than the average the site's copy promises. */
export function slowerThanPromised({ median_hours }: Pick<ReplyTimesRow, "median_hours">): boolean {
  return median_hours !== null && median_hours > replyPromise.averageHours;
}

/** "Within 24 h": the column and figure of replies that kept the site's promise. */
export const withinPromiseLabel = `Within ${replyPromise.withinHours} h`;

/** A reply time's row of figures for the numbers table. */
export function replyTimesCells(row: ReplyTimesRow): (string | number)[] {
  return [
    row.leads,
    row.replied,
    formatHours(row.median_hours),
    formatHours(row.p90_hours),
    row.within_promise,
  ];
}
