import { describe, expect, it } from "vitest";
import {
  formatAgencyDateTime,
  formatMonth,
  formatRelativeTime,
  formatWeek,
  pageSummary,
} from "../format";

describe("pageSummary", () => {
  it("names the rows of the page and the total, with thousands separators", () => {
    expect(pageSummary({ page: 2, pageSize: 50, shown: 50, total: 3333 }, "lead", "leads")).toBe(
      "Showing 51–100 of 3,333 leads",
    );
    expect(pageSummary({ page: 21, pageSize: 50, shown: 3, total: 1003 }, "post", "posts")).toBe(
      "Showing 1,001–1,003 of 1,003 posts",
    );
    expect(pageSummary({ page: 1, pageSize: 50, shown: 1, total: 1 }, "post", "posts")).toBe(
      "Showing 1–1 of 1 post",
    );
  });

  it("says 0 when nothing matches, and 0 of the total on a page past the end", () => {
    expect(pageSummary({ page: 1, pageSize: 50, shown: 0, total: 0 }, "lead", "leads")).toBe(
      "0 leads",
    );
    expect(pageSummary({ page: 9, pageSize: 50, shown: 0, total: 120 }, "lead", "leads")).toBe(
      "0 of 120 leads",
    );
  });
});

describe("formatRelativeTime", () => {
  const now = Date.parse("2026-12-01T12:00:00Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it("says how long ago within a week, and the date after", () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe("just now");
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(26 * 3_600_000), now)).toBe("yesterday");
    expect(formatRelativeTime(ago(3 * 86_400_000), now)).toBe("3 days ago");
    expect(formatRelativeTime("2026-11-02T12:00:00Z", now)).toBe("Nov 2, 2026");
  });
});

describe("the Overview's dates", () => {
  it("names a week by its Monday and a month by its name, whatever the reader's zone", () => {
    expect(formatWeek("2026-10-05")).toBe("Mon 5 Oct");
    expect(formatWeek("2026-12-28")).toBe("Mon 28 Dec");
    expect(formatMonth("2026-10-01")).toBe("Oct 2026");
    expect(formatMonth("2027-01-01")).toBe("Jan 2027");
  });

  it("writes a moment on the agency's clock (Paris, summer and winter time)", () => {
    expect(formatAgencyDateTime("2026-07-01T07:30:00Z")).toBe("Jul 1, 2026, 9:30 AM");
    expect(formatAgencyDateTime("2026-12-31T23:30:00Z")).toBe("Jan 1, 2027, 12:30 AM");
  });
});
