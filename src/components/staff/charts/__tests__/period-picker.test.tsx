import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { OverviewPeriod } from "@/lib/staff/overview-period";
import { PeriodPicker } from "../period-picker";

const today = "2026-11-28";

function renderPicker(period: OverviewPeriod) {
  const setPeriod = vi.fn();
  render(
    <PeriodPicker
      period={period}
      since={new Date("2026-10-29T00:00:00Z")}
      today={today}
      setPeriod={setPeriod}
    />,
  );
  const change = (label: "From" | "To", value: string) =>
    fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
  return { setPeriod, change };
}

describe("the period picker's custom range", () => {
  it("states the limits the database holds periods to, beside both days", () => {
    renderPicker({ from: "2026-09-01", to: "2026-09-30" });
    const hint = screen.getByText(
      "A range starts on 1 Jan 2000 or later and covers at most 5 years.",
    );
    for (const label of ["From", "To"]) {
      const input = screen.getByLabelText(label, { exact: true });
      expect(input).toHaveAttribute("min", "2000-01-01");
      expect(input).toHaveAttribute("max", today);
      expect(input).toHaveAccessibleDescription(hint.textContent!);
    }
  });

  it("moves the other day so the range never covers more than five years", () => {
    const { setPeriod, change } = renderPicker({ from: "2026-09-01", to: "2026-09-30" });
    change("From", "2015-03-10");
    expect(setPeriod).toHaveBeenLastCalledWith({ from: "2015-03-10", to: "2020-03-09" });
  });

  it("moves the start the same way when the end moves away from it", () => {
    const { setPeriod, change } = renderPicker({ from: "2003-01-01", to: "2003-02-01" });
    change("To", "2026-11-27");
    expect(setPeriod).toHaveBeenLastCalledWith({ from: "2021-11-28", to: "2026-11-27" });
  });

  it("takes no day before 1 January 2000 or after today", () => {
    const { setPeriod, change } = renderPicker({ from: "2026-09-01", to: "2026-09-30" });
    change("From", "1999-12-31");
    change("To", "2026-11-29");
    expect(setPeriod).not.toHaveBeenCalled();
  });
});
