import { replyPromise } from "@shared/agency-hours.ts";
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
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
import type { ReplyTimesRow } from "../api/get-leads-overview";
import {
  formatHours,
  splitLabels,
  type funnelStages,
  type LeadsSplit,
  type WeekBar,
} from "../lib/leads-overview";

// The Overview's lead charts, in a module of their own: the cards (leads-overview-*.tsx) load
// it with lazyChart, so their figures never wait for Recharts.

/** Leads per week, one bar per week stacked by the split's series. */
export function LeadsPerWeekChart({
  weeks,
  series,
  split,
}: {
  weeks: WeekBar[];
  series: { key: string; label: string }[];
  split: LeadsSplit;
}) {
  return (
    <ChartFrame>
      <BarChart
        data={weeks}
        {...chartRootProps}
        aria-label={`Leads per week, ${splitLabels[split].toLowerCase()}`}
      >
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="label" {...axisProps} />
        <YAxis {...countAxisProps} />
        <Tooltip {...tooltipProps} />
        <Legend {...legendProps} />
        {series.map(({ key, label }, index) => (
          <Bar
            {...seriesDrawnAtOnce}
            key={key}
            dataKey={key}
            name={label}
            stackId="leads"
            fill={chartColors.series[index]}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

/** The funnel's stages as bars, each labelled with its share of the leads received. */
export function FunnelChart({ stages }: { stages: ReturnType<typeof funnelStages> }) {
  return (
    <ChartFrame>
      <BarChart
        data={stages}
        layout="vertical"
        {...chartRootProps}
        margin={{ ...chartRootProps.margin, right: 48 }}
        aria-label="Funnel, chart"
      >
        <CartesianGrid {...gridProps} vertical horizontal={false} />
        <XAxis type="number" allowDecimals={false} {...axisProps} />
        <YAxis type="category" dataKey="stage" width={80} {...axisProps} />
        <Tooltip {...tooltipProps} />
        <Bar {...seriesDrawnAtOnce} dataKey="leads" name="Leads" fill={chartColors.primary}>
          <LabelList dataKey="share" position="right" fill="#475569" fontSize={12} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

/** The copy's two promises, drawn across the reply chart. */
const promiseLines = [
  { hours: replyPromise.averageHours, color: chartColors.reference, words: "average" },
  { hours: replyPromise.withinHours, color: chartColors.limit, words: "promise" },
];

/** The median and 90th percentile per arrival week, under the site's two promises. */
export function ReplyTimesChart({ rows }: { rows: (ReplyTimesRow & { label: string })[] }) {
  const highest = Math.max(
    replyPromise.withinHours,
    ...rows.map(({ p90_hours }) => p90_hours ?? 0),
  );
  return (
    <ChartFrame>
      <LineChart data={rows} {...chartRootProps} aria-label="Time to first reply per week, chart">
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="label" {...axisProps} />
        <YAxis {...axisProps} width={44} unit=" h" domain={[0, Math.ceil(highest)]} />
        <Tooltip {...tooltipProps} formatter={(value) => formatHours(Number(value))} />
        <Legend {...legendProps} />
        {promiseLines.map(({ hours, color, words }) => (
          <ReferenceLine
            key={words}
            y={hours}
            stroke={color}
            strokeDasharray="4 4"
            label={{
              value: `${hours} h ${words}`,
              position: "insideTopRight",
              fill: color,
              fontSize: 12,
            }}
          />
        ))}
        <Line
          {...seriesDrawnAtOnce}
          dataKey="median_hours"
          name="Median"
          stroke={chartColors.primary}
          strokeWidth={2}
          connectNulls={false}
        />
        <Line
          {...seriesDrawnAtOnce}
          dataKey="p90_hours"
          name="90th percentile"
          stroke={chartColors.secondary}
          strokeWidth={2}
          connectNulls={false}
        />
      </LineChart>
    </ChartFrame>
  );
}
