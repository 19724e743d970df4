import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartFrame, seriesDrawnAtOnce } from "@/components/staff/charts/chart-frame";
import {
  axisProps,
  chartColors,
  chartRootProps,
  countAxisProps,
  gridProps,
  legendProps,
  tooltipProps,
} from "@/components/staff/charts/chart-colors";

// The Overview's newsletter charts, in a module of their own: the cards
// (newsletter-overview.tsx) load it with lazyChart, so their figures never wait for Recharts.

// Totals run to tens of thousands: "50K" keeps to the axis's width.
const compactNumber = new Intl.NumberFormat("en-US", {
  notation: "compact",
  maximumFractionDigits: 1,
});

/** Confirmed subscribers at the end of each week, as a line. */
export function SubscribersChart({ data }: { data: { week: string; confirmed: number }[] }) {
  return (
    <ChartFrame>
      <LineChart data={data} {...chartRootProps} aria-label="Newsletter subscribers, chart">
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="week" {...axisProps} />
        {/* A line shows the change: its axis starts near the figures, not at zero. */}
        <YAxis
          {...countAxisProps}
          domain={["auto", "auto"]}
          width={44}
          tickFormatter={(count: number) => compactNumber.format(count)}
        />
        <Tooltip {...tooltipProps} cursor={{ stroke: gridProps.stroke }} />
        <Line
          {...seriesDrawnAtOnce}
          dataKey="confirmed"
          name="Confirmed subscribers"
          stroke={chartColors.primary}
          strokeWidth={2}
          dot={{ r: 3 }}
        />
      </LineChart>
    </ChartFrame>
  );
}

/** What the activity chart draws, in its order; bounces and complaints share one bar. */
const activitySeries = [
  { key: "signups", name: "Sign-ups", colour: chartColors.series[0] },
  { key: "unsubscribes", name: "Unsubscribes", colour: chartColors.series[2] },
  { key: "suppressed", name: "Bounces and complaints", colour: chartColors.series[4] },
] as const;

/** Each week's sign-ups, unsubscribes, and bounces with complaints, side by side. */
export function ActivityChart({
  data,
}: {
  data: { week: string; signups: number; unsubscribes: number; suppressed: number }[];
}) {
  return (
    <ChartFrame>
      <BarChart data={data} {...chartRootProps} aria-label="Newsletter activity, chart">
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="week" {...axisProps} />
        <YAxis {...countAxisProps} />
        <Tooltip {...tooltipProps} />
        <Legend {...legendProps} itemSorter={null} />
        {activitySeries.map(({ key, name, colour }) => (
          <Bar {...seriesDrawnAtOnce} key={key} dataKey={key} name={name} fill={colour} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
