// The periods the Overview's functions accept (private.require_period, in
// supabase/migrations/20261128131146_overview_bounded_periods.sql), stated once for the
// Overview's period picker (src/lib/staff/overview-period.ts), which keeps every custom range
// within them; supabase/tests/overview.test.ts holds them equal to the database's.
export const overviewPeriodLimits = {
  /** The earliest agency day a period may start on, YYYY-MM-DD. */
  earliestDay: "2000-01-01",
  /** The longest period, in calendar years. */
  longestYears: 5,
} as const;

// `day` (YYYY-MM-DD) moved by whole years, then days; 29 February becomes 1 March in a year
// without one.
function shiftDay(day: string, years: number, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The last day a range of days starting on `from` may end on: the longest period, no more. */
export function lastDayOfRange(from: string): string {
  return shiftDay(from, overviewPeriodLimits.longestYears, -1);
}

/** The first day a range of days ending on `to` may start on, never before the earliest day. */
export function firstDayOfRange(to: string): string {
  const first = shiftDay(to, -overviewPeriodLimits.longestYears, 1);
  return first < overviewPeriodLimits.earliestDay ? overviewPeriodLimits.earliestDay : first;
}
