import { firstDayOfRange, lastDayOfRange } from "@shared/overview-limits.ts";
import { describe, expect, it } from "vitest";
import {
  dayIn,
  periodLabel,
  periodRange,
  rangeLimitsHint,
  readOverviewPeriod,
  startOfDay,
  weekStart,
  writeOverviewPeriod,
  type OverviewPeriod,
} from "../overview-period";

const today = "2026-12-02";
const read = (search: string) => readOverviewPeriod(new URLSearchParams(search), today);
const written = (period: OverviewPeriod, search = "tab=overview") =>
  writeOverviewPeriod(period, new URLSearchParams(search)).toString();

describe("the Overview's period in the URL", () => {
  it("reads each preset, and the last 30 days when none is named", () => {
    expect(read("period=7d")).toEqual({ preset: "7d" });
    expect(read("period=90d")).toEqual({ preset: "90d" });
    expect(read("period=12m")).toEqual({ preset: "12m" });
    expect(read("tab=overview")).toEqual({ preset: "30d" });
  });

  it("reads a custom range of real days, in order, up to today", () => {
    expect(read("from=2026-09-01&to=2026-09-30")).toEqual({ from: "2026-09-01", to: "2026-09-30" });
    expect(read("from=2026-12-02&to=2026-12-02")).toEqual({ from: "2026-12-02", to: "2026-12-02" });
  });

  it.each([
    ["an unknown preset", "period=2w"],
    ["a range backwards", "from=2026-10-01&to=2026-09-30"],
    ["a range ending after today", "from=2026-11-01&to=2026-12-03"],
    ["a day that does not exist", "from=2026-02-30&to=2026-03-01"],
    ["a malformed day", "from=2026-9-1&to=2026-09-30"],
    ["half a range", "from=2026-09-01"],
    ["a range starting before 2000", "from=1999-12-31&to=2000-01-31"],
    ["a range longer than five years", "from=2021-09-01&to=2026-09-01"],
  ])("reads %s as the default", (_, search) => {
    expect(read(search)).toEqual({ preset: "30d" });
  });

  it("reads a range of five years, from 1 January 2000 at the earliest", () => {
    expect(read("from=2021-09-01&to=2026-08-31")).toEqual({ from: "2021-09-01", to: "2026-08-31" });
    expect(read("from=2000-01-01&to=2000-01-01")).toEqual({ from: "2000-01-01", to: "2000-01-01" });
    expect(rangeLimitsHint).toBe(
      "A range starts on 1 Jan 2000 or later and covers at most 5 years.",
    );
  });

  it("bounds a range at five years, leap days included, and never before 2000", () => {
    expect(lastDayOfRange("2021-09-01")).toBe("2026-08-31");
    expect(lastDayOfRange("2024-02-29")).toBe("2029-02-28");
    expect(firstDayOfRange("2026-08-31")).toBe("2021-09-01");
    expect(firstDayOfRange("2003-06-01")).toBe("2000-01-01");
  });

  it("writes presets (the default left out) and ranges, keeping the section", () => {
    expect(written({ preset: "90d" })).toBe("tab=overview&period=90d");
    expect(written({ preset: "30d" }, "tab=overview&period=7d")).toBe("tab=overview");
    expect(written({ from: "2026-09-01", to: "2026-09-30" }, "tab=overview&period=7d")).toBe(
      "tab=overview&from=2026-09-01&to=2026-09-30",
    );
    expect(written({ preset: "7d" }, "tab=overview&from=2026-09-01&to=2026-09-30")).toBe(
      "tab=overview&period=7d",
    );
  });

  it("round-trips every period it writes", () => {
    const periods: OverviewPeriod[] = [
      { preset: "7d" },
      { preset: "30d" },
      { preset: "12m" },
      { from: "2026-01-31", to: "2026-03-01" },
    ];
    for (const period of periods) {
      expect(readOverviewPeriod(writeOverviewPeriod(period, new URLSearchParams()), today)).toEqual(
        period,
      );
    }
  });
});

describe("the instants of a period", () => {
  const now = new Date("2026-12-02T10:15:00Z");

  it("end now for a preset, and start that many days or months before", () => {
    expect(periodRange({ preset: "7d" }, now)).toEqual({
      since: new Date("2026-11-25T10:15:00Z"),
      until: now,
    });
    expect(periodRange({ preset: "12m" }, now).since).toEqual(new Date("2025-12-02T10:15:00Z"));
  });

  it("cover whole agency days for a range (Paris: UTC+2 in summer, +1 in winter)", () => {
    expect(periodRange({ from: "2026-09-01", to: "2026-09-30" }, now)).toEqual({
      since: new Date("2026-08-31T22:00:00Z"),
      until: new Date("2026-09-30T22:00:00Z"),
    });
    // Across the change of the clocks on 25 October; a range ending today ends now.
    expect(periodRange({ from: "2026-10-25", to: "2026-12-02" }, now)).toEqual({
      since: new Date("2026-10-24T22:00:00Z"),
      until: now,
    });
    expect(startOfDay("2026-10-26")).toEqual(new Date("2026-10-25T23:00:00Z"));
  });

  it("start the agency's weeks on Monday at midnight in Paris", () => {
    // Wednesday 2 December 2026.
    expect(weekStart(now)).toEqual(new Date("2026-11-29T23:00:00Z"));
    // The last 12 weeks: from Monday 14 September, still summer time.
    expect(weekStart(now, 11)).toEqual(new Date("2026-09-13T22:00:00Z"));
    // Sunday 23:30 in Paris is still the week before; Monday 00:30 the new one.
    expect(weekStart(new Date("2026-11-29T22:30:00Z"))).toEqual(new Date("2026-11-22T23:00:00Z"));
    expect(weekStart(new Date("2026-11-29T23:30:00Z"))).toEqual(new Date("2026-11-29T23:00:00Z"));
  });

  it("take the agency's day, not UTC's", () => {
    expect(dayIn(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-02");
    expect(dayIn(new Date("2026-12-01T23:30:00Z"), "UTC")).toBe("2026-12-01");
  });

  it("are named for people", () => {
    expect(periodLabel({ preset: "90d" })).toBe("Last 90 days");
    expect(periodLabel({ from: "2026-10-01", to: "2026-11-30" })).toBe("1 Oct 2026 – 30 Nov 2026");
    expect(periodLabel({ from: "2026-10-01", to: "2026-10-01" })).toBe("1 Oct 2026");
  });
});
