import { describe, expect, it } from "vitest";
import { formatRelativeTime, pageSummary } from "../format";

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
