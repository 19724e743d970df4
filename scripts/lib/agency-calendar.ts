// The agency's calendar (shared/agency-hours.ts) worked out with Intl alone, never with the
// database: the stack tests of the overview functions and the Overview's browser tests check
// the database's figures against it (docs/ARCHITECTURE.md, decision 20). Its days, its Monday
// weeks, the business hours between two instants across DST changes, and percentile_cont.
import { agencyHours } from "../../shared/agency-hours.ts";

/** A day of the agency's calendar, "YYYY-MM-DD". */
export type Day = string;

const hourMs = 3_600_000;
const dayMs = 86_400_000;

const agencyClock = new Intl.DateTimeFormat("en-US", {
  timeZone: agencyHours.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** What the agency's clocks show at an instant, written as if it were a UTC time (ms). */
function agencyWallClock(instant: number): number {
  const part = Object.fromEntries(
    agencyClock.formatToParts(instant).map(({ type, value }) => [type, Number(value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  return Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
}

/** How far the agency's clocks are ahead of UTC at an instant (ms). */
function agencyOffset(instant: number): number {
  const wholeSecond = instant - (instant % 1000);
  return agencyWallClock(wholeSecond) - wholeSecond;
}

/** The instant at which the agency's clocks show `time` ("HH:MM") on `day`. */
export function agencyInstant(day: Day, time = "00:00"): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // The offset of the instant first guessed, then of the instant it gives (across a DST change).
  return wall - agencyOffset(wall - agencyOffset(wall));
}

/** The agency's calendar day at an instant. */
export function agencyDay(instant: number): Day {
  return new Date(agencyWallClock(instant)).toISOString().slice(0, 10);
}

export function addDays(day: Day, days: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** 0 for Monday to 6 for Sunday. */
function weekdayOf(day: Day): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday that starts the agency's week holding this instant. */
export function weekStartOf(instant: number): Day {
  const day = agencyDay(instant);
  return addDays(day, -weekdayOf(day));
}

/** The Mondays of the last `count` weeks, oldest first: the current week and those before it. */
export function lastWeeks(now: number, count: number): Day[] {
  const current = weekStartOf(now);
  return Array.from({ length: count }, (_, index) => addDays(current, (index - count + 1) * 7));
}

/** Business hours between two instants: Monday to Friday, between opening and closing time. */
export function businessHours(from: number, to: number): number {
  let total = 0;
  for (let day = agencyDay(from); day <= agencyDay(to); day = addDays(day, 1)) {
    if (weekdayOf(day) > 4) continue;
    const opens = agencyInstant(day, agencyHours.opens);
    const closes = agencyInstant(day, agencyHours.closes);
    total += Math.max(0, Math.min(to, closes) - Math.max(from, opens));
  }
  return total / hourMs;
}

/** PostgreSQL's percentile_cont: the value at `fraction`, interpolated between neighbours. */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const below = sorted[Math.floor(position)]!;
  const above = sorted[Math.ceil(position)]!;
  return below + (above - below) * (position - Math.floor(position));
}
