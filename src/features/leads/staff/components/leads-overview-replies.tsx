import { replyPromise } from "@shared/agency-hours.ts";
import { useId } from "react";
import { ChartCard, chartStateOf } from "@/components/staff/charts/chart-card";
import { lazyChart } from "@/components/staff/charts/lazy-chart";
import { formatWeek, plural } from "@/lib/staff/format";
import { overviewWeeks } from "@/lib/staff/overview-period";
import { useReplyTimes, type ReplyTimesRow } from "../api/get-leads-overview";
import {
  businessHoursNote,
  chartedWeeks,
  formatHours,
  lastThirtyDays,
  replyTimesCells,
  slowerThanPromised,
  withinPromiseLabel,
  type TimeWindow,
} from "../lib/leads-overview";

const ReplyTimesChart = lazyChart(() =>
  import("./leads-overview-charts").then((charts) => charts.ReplyTimesChart),
);

/** The chosen period: its instants and its name. */
export type ChosenPeriod = TimeWindow & { label: string };

/** One window's figures in a sentence. */
function ReplyFigures({ label, total }: { label: string; total: ReplyTimesRow | undefined }) {
  if (!total) return <li>{label}: …</li>;
  if (total.replied === 0) {
    return (
      <li>
        <span className="font-medium">{label}:</span> no replies yet (
        {plural(total.leads, "lead", "leads")}).
      </li>
    );
  }
  return (
    <li>
      <span className="font-medium">{label}:</span> median {formatHours(total.median_hours)}, 90th
      percentile {formatHours(total.p90_hours)}; {total.within_promise.toLocaleString("en-US")} of{" "}
      {plural(total.leads, "lead", "leads")} answered within {replyPromise.withinHours} h.
    </li>
  );
}

/**
 * Time to first reply in business hours: the median and 90th percentile per arrival week against
 * the site's promises, with the figures of the chosen period and of the last 30 days.
 */
export function ReplyTimesCard({ period, now }: { period: ChosenPeriod; now: Date }) {
  const weeks = chartedWeeks(now);
  const promise = lastThirtyDays(now);
  // The default period is the promise's 30 days: its figures once.
  const samePeriod =
    period.since.getTime() === promise.since.getTime() &&
    period.until.getTime() === promise.until.getTime();
  const weekly = useReplyTimes(weeks.since, weeks.until);
  const chosen = useReplyTimes(period.since, period.until);
  const recent = useReplyTimes(promise.since, promise.until);
  const rows = (weekly.data?.weeks ?? []).map((row) => ({
    ...row,
    label: formatWeek(row.week_start!),
  }));
  return (
    <ChartCard
      title="Time to first reply"
      description={`${businessHoursNote}. From a lead's arrival to its first change from New.`}
      summary={
        <ul className="grid gap-1">
          {!samePeriod && <ReplyFigures label={period.label} total={chosen.data?.total} />}
          <ReplyFigures label="Last 30 days" total={recent.data?.total} />
        </ul>
      }
      table={{
        caption: "Time to first reply",
        columns: ["Week", "Leads", "Replied", "Median", "90th percentile", withinPromiseLabel],
        rows: rows.map((row) => [row.label, ...replyTimesCells(row)]),
      }}
      state={chartStateOf(weekly, () => rows.every(({ leads }) => leads === 0))}
      emptyMessage={`No leads in the last ${overviewWeeks} weeks yet.`}
      onRetry={() => void weekly.refetch()}
      height={260}
    >
      <ReplyTimesChart rows={rows} />
    </ChartCard>
  );
}

/**
 * The promise kept visible: when the last 30 days' median reply is slower than the average the
 * site's copy promises, the Overview says so plainly (a callout, not an alert: it is news on
 * arrival, not a change while reading).
 */
export function ReplyPromiseWarning({ now }: { now: Date }) {
  const { since, until } = lastThirtyDays(now);
  const { data } = useReplyTimes(since, until);
  const headingId = useId();
  if (!data || !slowerThanPromised(data.total)) return null;
  const { total } = data;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Replies are slower than the site promises
      </h2>
      <p>
        Over the last 30 days the median first reply took {formatHours(total.median_hours)} of
        business hours; the site promises {replyPromise.averageHours} h on average and a reply
        within {replyPromise.withinHours} h. {total.within_promise.toLocaleString("en-US")} of{" "}
        {plural(total.leads, "lead", "leads")} were answered within {replyPromise.withinHours} h.
      </p>
    </section>
  );
}
