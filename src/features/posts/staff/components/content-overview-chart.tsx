import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { languageCodes, type Language } from "@shared/languages.ts";
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
import { languageLabels } from "@/lib/staff/format";

// The Overview's content chart, in a module of its own: its card (content-overview.tsx) loads
// it with lazyChart, so the card's figures never wait for Recharts.

/** One month's posts per language, and its label. */
export type MonthFigures = { month: string } & Record<Language, number>;

/** Posts published per month, stacked by language. */
export function PostsPerMonthChart({ months }: { months: MonthFigures[] }) {
  return (
    <ChartFrame>
      <BarChart data={months} {...chartRootProps} aria-label="Posts published per month, chart">
        <CartesianGrid {...gridProps} />
        <XAxis dataKey="month" {...axisProps} />
        <YAxis {...countAxisProps} />
        <Tooltip {...tooltipProps} />
        <Legend {...legendProps} itemSorter={null} />
        {languageCodes.map((language, index) => (
          <Bar
            {...seriesDrawnAtOnce}
            key={language}
            dataKey={language}
            name={languageLabels[language]}
            stackId="posts"
            fill={chartColors.series[index % chartColors.series.length]}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
