import { describe, expect, it } from "vitest";
import {
  fromDateTimeLocal,
  localTimeZoneLabel,
  nextFullHourLocal,
  toDateTimeLocal,
} from "../staff/lib/schedule";

describe("schedule times", () => {
  it("round-trips an instant through the datetime-local value (staff's time zone)", () => {
    const iso = "2026-07-14T09:45:00.000Z";
    const local = toDateTimeLocal(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromDateTimeLocal(local)).toBe(iso);
  });

  it("reads the value as local time", () => {
    expect(fromDateTimeLocal("2026-07-14T09:45")).toBe(new Date(2026, 6, 14, 9, 45).toISOString());
  });

  it("rejects empty and impossible values", () => {
    expect(fromDateTimeLocal("")).toBeNull();
    expect(fromDateTimeLocal("2026-02-31T10:00")).toBeNull();
    expect(fromDateTimeLocal("tomorrow")).toBeNull();
    expect(toDateTimeLocal(null)).toBe("");
  });

  it("starts a new schedule at the next full hour and names the time zone", () => {
    const from = new Date(2026, 0, 5, 10, 20);
    expect(nextFullHourLocal(from)).toBe("2026-01-05T11:00");
    expect(localTimeZoneLabel()).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
