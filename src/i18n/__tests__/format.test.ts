import { describe, expect, it } from "vitest";
import { formatDate } from "../format";

describe("formatDate", () => {
  it("spells the month out in each language", () => {
    expect(formatDate("2026-11-01T10:00:00Z", "en")).toBe("November 1, 2026");
    expect(formatDate("2026-11-01T10:00:00Z", "fr")).toBe("1 novembre 2026");
  });
});
