import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lazyChart } from "../lazy-chart";

function Drawn({ label }: { label: string }) {
  return <p>{label}</p>;
}

describe("lazyChart", () => {
  it("holds the chart's place with a skeleton until its module is there, then draws it", async () => {
    let arrive!: (chart: typeof Drawn) => void;
    let loads = 0;
    const Chart = lazyChart(() => {
      loads += 1;
      return new Promise<typeof Drawn>((resolve) => (arrive = resolve));
    });
    render(
      <>
        <Chart label="first chart" />
        <Chart label="second chart" />
      </>,
    );
    expect(screen.getAllByRole("status")).toHaveLength(2);
    expect(screen.getAllByRole("status")[0]).toHaveTextContent("Loading the chart…");
    expect(screen.queryByText("first chart")).not.toBeInTheDocument();
    await act(async () => arrive(Drawn));
    expect(screen.getByText("first chart")).toBeInTheDocument();
    expect(screen.getByText("second chart")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    // Every chart of the module shares one load.
    expect(loads).toBe(1);
  });
});
