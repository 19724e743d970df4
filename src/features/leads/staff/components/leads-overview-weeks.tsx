import { useState } from "react";
import { ChartCard, chartStateOf } from "@/components/staff/charts/chart-card";
import { lazyChart } from "@/components/staff/charts/lazy-chart";
import { Button } from "@/components/ui/button";
import { plural } from "@/lib/staff/format";
import { overviewWeeks } from "@/lib/staff/overview-period";
import { useLeadsPerWeek } from "../api/get-leads-overview";
import {
  formatCount,
  leadsByWeek,
  splitLabels,
  thisWeekAndLast,
  type LeadsSplit,
} from "../lib/leads-overview";

const LeadsPerWeekChart = lazyChart(() =>
  import("./leads-overview-charts").then((charts) => charts.LeadsPerWeekChart),
);

function SplitToggle({
  value,
  onChange,
}: {
  value: LeadsSplit;
  onChange: (split: LeadsSplit) => void;
}) {
  return (
    <div role="group" aria-label="Split the leads" className="flex gap-2">
      {(Object.keys(splitLabels) as LeadsSplit[]).map((split) => (
        <Button
          key={split}
          type="button"
          size="sm"
          variant={value === split ? "default" : "outline"}
          aria-pressed={value === split}
          onClick={() => onChange(split)}
        >
          {splitLabels[split]}
        </Button>
      ))}
    </div>
  );
}

/** "+3", "−2", "no change": this week against the last. */
function change(thisWeek: number, lastWeek: number): string {
  const difference = thisWeek - lastWeek;
  if (difference === 0) return "no change";
  return `${difference > 0 ? "+" : "−"}${formatCount(Math.abs(difference))}`;
}

/** Leads per week for the last 12 weeks, stacked by source or language, this week against the last. */
export function LeadsPerWeekCard() {
  const [split, setSplit] = useState<LeadsSplit>("source");
  const query = useLeadsPerWeek();
  const { series, weeks } = leadsByWeek(query.data ?? [], split);
  const { thisWeek, lastWeek } = thisWeekAndLast(weeks);
  return (
    <ChartCard
      title="Leads per week"
      description={`The last ${overviewWeeks} weeks, by arrival.`}
      actions={<SplitToggle value={split} onChange={setSplit} />}
      summary={
        <p>
          <span className="text-2xl font-semibold tabular-nums">{formatCount(thisWeek)}</span>{" "}
          {thisWeek === 1 ? "lead" : "leads"} this week so far, {plural(lastWeek, "lead", "leads")}{" "}
          last week ({change(thisWeek, lastWeek)})
        </p>
      }
      table={{
        caption: "Leads per week",
        columns: ["Week", ...series.map(({ label }) => label), "Total"],
        rows: weeks.map((week) => [week.label, ...series.map(({ key }) => week[key]!), week.total]),
      }}
      state={chartStateOf(query, () => weeks.every(({ total }) => total === 0))}
      emptyMessage={`No leads in the last ${overviewWeeks} weeks yet.`}
      onRetry={() => void query.refetch()}
      height={260}
    >
      <LeadsPerWeekChart weeks={weeks} series={series} split={split} />
    </ChartCard>
  );
}
