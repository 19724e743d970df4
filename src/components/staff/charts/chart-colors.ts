// The staff charts' colours and the look their axes, grid and tooltips share. Recharts draws
// with SVG attributes, which take colours, not the stylesheet's variables: these are the
// workspace palette's values (src/index.css: primary #047857, muted foreground #475569, border
// #e2e8f0, input #cbd5e1), and every data colour keeps 3:1 against the white card (WCAG 1.4.11).

/** Data colours: `series` in the order a chart's series take them, and the named ones. */
export const chartColors = {
  series: ["#047857", "#0369a1", "#d97706", "#7c3aed", "#be123c", "#475569"],
  /** The main figure: the workspace's primary green. */
  primary: "#047857",
  /** A second figure beside the main one (a 90th percentile beside a median). */
  secondary: "#b45309",
  /** A line the figures should stay under (a promise). */
  limit: "#b91c1c",
  /** A line to compare with, not a figure (a target, an average). */
  reference: "#475569",
} as const;

const tickText = { fill: "#475569", fontSize: 12 };

/** Spread on `XAxis` and `YAxis`. */
export const axisProps = {
  tick: tickText,
  tickLine: false,
  axisLine: { stroke: "#cbd5e1" },
} as const;

/** Spread on a count axis (`YAxis`): whole numbers, narrow. */
export const countAxisProps = { ...axisProps, allowDecimals: false, width: 36 } as const;

/** Spread on `CartesianGrid`: horizontal lines only. */
export const gridProps = { stroke: "#e2e8f0", vertical: false } as const;

/** Spread on `Tooltip`: the card's look, a muted band behind the pointed-at category. */
export const tooltipProps = {
  contentStyle: {
    borderRadius: 8,
    border: "1px solid #e2e8f0",
    boxShadow: "0 1px 3px rgb(15 23 42 / 0.1)",
    fontSize: 13,
    color: "#0f172a",
  },
  labelStyle: { fontWeight: 600, color: "#0f172a" },
  cursor: { fill: "#f1f5f9" },
  // The series in the order the chart declares them, as in its legend (not sorted by name).
  itemSorter: () => 0,
} as const;

/** Spread on `Legend`: the series in the order the chart declares them (not sorted by name). */
export const legendProps = {
  itemSorter: null,
  iconType: "square",
  iconSize: 10,
  wrapperStyle: { fontSize: 12, color: "#475569" },
} as const;

/**
 * Spread on every chart's root (`BarChart`, `LineChart`, ...): keyboard tooltips (a focused
 * chart moves through its categories with the arrow keys) and room for the axes' labels.
 */
export const chartRootProps = {
  accessibilityLayer: true,
  margin: { top: 8, right: 8, bottom: 0, left: 0 },
} as const;
