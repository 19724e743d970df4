import { describe, expect, it } from "vitest";
import { pageSummary } from "../format";

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
