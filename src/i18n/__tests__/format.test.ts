import { describe, expect, it } from "vitest";
import { languages } from "@shared/languages.ts";
import { formatDate } from "../format";

describe("formatDate", () => {
  it("spells the month out in each language", () => {
    expect(formatDate("2026-11-01T10:00:00Z", "en")).toBe("November 1, 2026");
    expect(formatDate("2026-11-01T10:00:00Z", "fr")).toBe("1er novembre 2026");
    expect(formatDate("2026-08-15T10:00:00Z", "fr")).toBe("15 août 2026");
  });

  it("reads the date in UTC, whatever the visitor's time zone", () => {
    expect(formatDate("2026-12-31T23:30:00Z", "en")).toBe("December 31, 2026");
    expect(formatDate("2027-01-01T00:30:00+02:00", "fr")).toBe("31 décembre 2026");
  });

  it("writes every day of the year as Intl does, except the French 1er", () => {
    const intl = {
      en: new Intl.DateTimeFormat(languages.intl.en, { dateStyle: "long", timeZone: "UTC" }),
      fr: new Intl.DateTimeFormat(languages.intl.fr, { dateStyle: "long", timeZone: "UTC" }),
    };
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2028, 0, 1 + day, 12));
      expect(formatDate(date, "en")).toBe(intl.en.format(date));
      expect(formatDate(date, "fr").replace(/^1er /, "1 ")).toBe(intl.fr.format(date));
    }
  });
});
