// The Overview's period, in the URL beside the section:
//   period=7d|30d|90d|12m   (30d, the default, is left out)   or   from=YYYY-MM-DD&to=YYYY-MM-DD
// A custom range is of agency days (agencyHours.timeZone), both inclusive, `to` at most today,
// within what the database's functions accept (overviewPeriodLimits: from 1 January 2000, at most
// five years). Anything unknown, malformed, out of order or out of bounds reads as the default.
import { agencyHours } from "@shared/agency-hours.ts";
import { lastDayOfRange, overviewPeriodLimits } from "@shared/overview-limits.ts";
import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { isOneOf } from "./list-url-state";

/** The weeks the Overview's weekly charts show: the current one and the 11 before it. */
export const overviewWeeks = 12;

export const periodPresets = ["7d", "30d", "90d", "12m"] as const;
export type PeriodPreset = (typeof periodPresets)[number];

export type OverviewPeriod = { preset: PeriodPreset } | { from: string; to: string };

const defaultPreset: PeriodPreset = "30d";
export const defaultPeriod: OverviewPeriod = { preset: defaultPreset };

export const presetLabels: Record<PeriodPreset, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "12m": "Last 12 months",
};

const dayMs = 86_400_000;

const dayLabel = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "1 Sep 2026" for 2026-09-01. */
function dayLabelOf(day: string): string {
  return dayLabel.format(new Date(day));
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD. */
function isDay(value: string | null): value is string {
  return (
    value !== null &&
    isoDay.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/** The day it is at `instant` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(instant: Date, timeZone: string = agencyHours.timeZone): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

// How far `timeZone`'s clock is ahead of UTC at `instant`, in milliseconds.
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((found) => found.type === type)!.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant `day` (YYYY-MM-DD) starts in `timeZone`. */
export function startOfDay(day: string, timeZone: string = agencyHours.timeZone): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - offsetAt(midnightUtc, timeZone);
  // Across a change of the clocks the offset at the answer can differ from the first guess's.
  return new Date(midnightUtc - offsetAt(guess, timeZone));
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** "A range starts on 1 Jan 2000 or later and covers at most 5 years." */
export const rangeLimitsHint = `A range starts on ${dayLabelOf(overviewPeriodLimits.earliestDay)} or later and covers at most ${overviewPeriodLimits.longestYears} years.`;

/**
 * The instant the agency's week (Monday 00:00 in `timeZone`) starts, `weeksBack` weeks before
 * the week of `now`: the weekly charts' last 12 weeks start at `weekStart(now, 11)`.
 */
export function weekStart(now: Date, weeksBack = 0, timeZone: string = agencyHours.timeZone): Date {
  const today = dayIn(now, timeZone);
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return startOfDay(addDays(today, -sinceMonday - 7 * weeksBack), timeZone);
}

/** The period the URL names; `today` (the agency's, YYYY-MM-DD) bounds a custom range. */
export function readOverviewPeriod(params: URLSearchParams, today: string): OverviewPeriod {
  const from = params.get("from");
  const to = params.get("to");
  if (
    isDay(from) &&
    isDay(to) &&
    from >= overviewPeriodLimits.earliestDay &&
    from <= to &&
    to <= today &&
    to <= lastDayOfRange(from)
  )
    return { from, to };
  const preset = params.get("period");
  return isOneOf(periodPresets, preset) ? { preset } : defaultPeriod;
}

/** `params` with `period` written in: the default and the other kind's parameters left out. */
export function writeOverviewPeriod(
  period: OverviewPeriod,
  params: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ["period", "from", "to"]) next.delete(name);
  if ("from" in period) {
    next.set("from", period.from);
    next.set("to", period.to);
  } else if (period.preset !== defaultPreset) {
    next.set("period", period.preset);
  }
  return next;
}

/** The instants a period covers, [since, until), as of `now`. */
export function periodRange(
  period: OverviewPeriod,
  now: Date,
  timeZone: string = agencyHours.timeZone,
): { since: Date; until: Date } {
  if ("from" in period) {
    const end = startOfDay(addDays(period.to, 1), timeZone);
    return {
      since: startOfDay(period.from, timeZone),
      until: end < now ? end : now,
    };
  }
  const since = new Date(now);
  if (period.preset === "12m") since.setUTCFullYear(since.getUTCFullYear() - 1);
  else since.setTime(now.getTime() - Number.parseInt(period.preset, 10) * dayMs);
  return { since, until: now };
}

/** "Last 30 days", or a custom range as "1 Sep 2026 – 30 Sep 2026". */
export function periodLabel(period: OverviewPeriod): string {
  if ("preset" in period) return presetLabels[period.preset];
  const [from, to] = [period.from, period.to].map(dayLabelOf);
  return from === to ? from! : `${from} – ${to}`;
}

/**
 * The Overview's period from the URL, its instants and words, and how to change it; `now` and
 * the agency's `today` are taken once per visit of the page (to the minute), so the figures'
 * query keys stay the same while it is open.
 */
export function useOverviewPeriod() {
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => new Date(Math.floor(Date.now() / 60_000) * 60_000));
  const today = dayIn(now);
  const period = useMemo(() => readOverviewPeriod(params, today), [params, today]);
  const { since, until } = useMemo(() => periodRange(period, now), [period, now]);
  const setPeriod = useCallback(
    (next: OverviewPeriod) => setParams((current) => writeOverviewPeriod(next, current)),
    [setParams],
  );
  return { period, since, until, label: periodLabel(period), setPeriod, now, today };
}
