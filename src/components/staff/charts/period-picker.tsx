import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectOptions, SelectTrigger, SelectValue } from "@/components/ui/select";
import { isOneOf } from "@/lib/staff/list-url-state";
import {
  dayIn,
  periodPresets,
  presetLabels,
  rangeLimitsHint,
  type OverviewPeriod,
} from "@/lib/staff/overview-period";
import { firstDayOfRange, lastDayOfRange, overviewPeriodLimits } from "@shared/overview-limits.ts";

const custom = "custom";

const options = [
  ...periodPresets.map((preset) => ({ value: preset, label: presetLabels[preset] })),
  { value: custom, label: "Custom range" },
];

/**
 * The Overview's period: a preset, or a custom range of days (From and To, at most today, within
 * the limits the database accepts, which the picker states). A custom range starts as the period
 * shown before; moving one end past the other, or further from it than the longest period, moves
 * both.
 */
export function PeriodPicker({
  period,
  since,
  today,
  setPeriod,
}: {
  period: OverviewPeriod;
  /** Where the period shown starts: a new custom range starts there too. */
  since: Date;
  /** The agency's day, YYYY-MM-DD. */
  today: string;
  setPeriod: (period: OverviewPeriod) => void;
}) {
  const id = useId();
  function choose(value: string) {
    if (isOneOf(periodPresets, value)) setPeriod({ preset: value });
    else if (!("from" in period)) setPeriod({ from: dayIn(since), to: today });
  }
  function setFrom(from: string) {
    if (!from || from < overviewPeriodLimits.earliestDay || from > today || !("from" in period))
      return;
    const last = lastDayOfRange(from);
    setPeriod({ from, to: from > period.to ? from : period.to > last ? last : period.to });
  }
  function setTo(to: string) {
    if (!to || to < overviewPeriodLimits.earliestDay || to > today || !("from" in period)) return;
    const first = firstDayOfRange(to);
    setPeriod({ from: to < period.from ? to : period.from < first ? first : period.from, to });
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-2">
        <Label id={`${id}-period`}>Period</Label>
        <Select value={"from" in period ? custom : period.preset} onValueChange={choose}>
          <SelectTrigger aria-labelledby={`${id}-period`} className="w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectOptions options={options} />
        </Select>
      </div>
      {"from" in period && (
        <>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={period.from}
              min={overviewPeriodLimits.earliestDay}
              max={today}
              aria-describedby={`${id}-limits`}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={period.to}
              min={overviewPeriodLimits.earliestDay}
              max={today}
              aria-describedby={`${id}-limits`}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <p id={`${id}-limits`} className="text-muted-foreground w-full text-sm">
            {rangeLimitsHint}
          </p>
        </>
      )}
    </div>
  );
}
