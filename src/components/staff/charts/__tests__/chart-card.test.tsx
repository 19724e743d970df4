import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Bar, BarChart, XAxis } from "recharts";
import { describe, expect, it, vi } from "vitest";
import { ChartCard, type ChartState } from "../chart-card";
import { chartColors, chartRootProps } from "../chart-colors";
import { ChartFrame, seriesDrawnAtOnce } from "../chart-frame";

const data = [
  { week: "Mon 7 Sep", leads: 3 },
  { week: "Mon 14 Sep", leads: 5 },
];

function renderCard(state: ChartState, onRetry?: () => void) {
  return render(
    <ChartCard
      title="Leads per week"
      summary="5 leads this week"
      table={{
        caption: "Leads per week",
        columns: ["Week", "Leads"],
        rows: data.map(({ week, leads }) => [week, leads]),
      }}
      state={state}
      emptyMessage="No leads yet."
      onRetry={onRetry}
      height={200}
    >
      <ChartFrame>
        <BarChart data={data} {...chartRootProps} aria-label="Leads per week, chart">
          <XAxis dataKey="week" />
          <Bar dataKey="leads" fill={chartColors.primary} {...seriesDrawnAtOnce} />
        </BarChart>
      </ChartFrame>
    </ChartCard>,
  );
}

// WCAG's relative luminance and contrast ratio, to hold the palette to 3:1 on white.
function luminance(hex: string) {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe("a chart card", () => {
  it("shows the summary, the chart (keyboard-focusable, named) and its numbers under its heading", () => {
    renderCard("ready");
    const card = screen.getByRole("region", { name: "Leads per week" });
    expect(within(card).getByText("5 leads this week")).toBeInTheDocument();
    const chart = within(card).getByRole("application", { name: "Leads per week, chart" });
    expect(chart).toHaveAttribute("tabindex", "0");
    expect(within(card).getByText("Show the numbers")).toBeInTheDocument();
    const table = within(card).getByRole("table", { name: "Leads per week" });
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual(["WeekLeads", "Mon 7 Sep3", "Mon 14 Sep5"]);
  });

  it("holds the chart's height with a skeleton while loading, without the summary or numbers", () => {
    renderCard("loading");
    expect(screen.getByRole("status")).toHaveTextContent("Loading Leads per week…");
    expect(screen.getByRole("status").parentElement).toHaveStyle({ height: "200px" });
    expect(screen.queryByText("5 leads this week")).not.toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("says when there is nothing to draw", () => {
    renderCard("empty");
    expect(screen.getByText("No leads yet.")).toBeInTheDocument();
    expect(screen.queryByRole("application")).not.toBeInTheDocument();
  });

  it("offers to try again when the read failed", async () => {
    const retry = vi.fn();
    renderCard("error", retry);
    expect(screen.getByRole("alert")).toHaveTextContent("These figures could not be loaded.");
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("draws with colours of at least 3:1 against the white card", () => {
    const { series, ...named } = chartColors;
    for (const colour of [...series, ...Object.values(named)]) {
      expect(1.05 / (luminance(colour) + 0.05), colour).toBeGreaterThanOrEqual(3);
    }
  });
});
