import { ChartCard, chartStateOf } from "@/components/staff/charts/chart-card";
import { lazyChart } from "@/components/staff/charts/lazy-chart";
import { formatWeek, plural } from "@/lib/staff/format";
import { overviewWeeks } from "@/lib/staff/overview-period";
import {
  useNewsletterWeeks,
  type NewsletterWeek,
  type NewsletterWeeks,
} from "../api/get-newsletter-overview";
import { LatestSendsCard } from "./latest-sends-card";

const period = `the last ${overviewWeeks} weeks`;

const SubscribersChart = lazyChart(() =>
  import("./newsletter-overview-charts").then((charts) => charts.SubscribersChart),
);
const ActivityChart = lazyChart(() =>
  import("./newsletter-overview-charts").then((charts) => charts.ActivityChart),
);

/** "up 56", "down 3", "no change". */
function changeInWords(change: number): string {
  if (change === 0) return "no change";
  return `${change > 0 ? "up" : "down"} ${Math.abs(change).toLocaleString("en-US")}`;
}

function SubscribersCard() {
  const query = useNewsletterWeeks();
  const { startTotal, weeks } = query.data ?? { startTotal: 0, weeks: [] };
  const latest = weeks.at(-1)?.confirmed_total ?? 0;
  const data = weeks.map((week) => ({
    week: formatWeek(week.week_start),
    confirmed: week.confirmed_total,
  }));
  return (
    <ChartCard
      title="Newsletter subscribers"
      description="Confirmed subscribers at the end of each week."
      summary={`${plural(latest, "confirmed subscriber", "confirmed subscribers")} now, ${changeInWords(latest - startTotal)} in ${period}.`}
      table={{
        caption: "Newsletter subscribers",
        columns: ["Week", "Confirmed subscribers"],
        rows: data.map(({ week, confirmed }) => [week, confirmed]),
      }}
      state={chartStateOf(
        query,
        (answer: NewsletterWeeks) =>
          answer.startTotal === 0 && answer.weeks.every((week) => week.confirmed_total === 0),
      )}
      emptyMessage="No confirmed subscribers yet."
      onRetry={() => void query.refetch()}
    >
      <SubscribersChart data={data} />
    </ChartCard>
  );
}

type Activity = "signups" | "unsubscribes" | "bounces" | "complaints";

function total(weeks: readonly NewsletterWeek[], key: Activity): number {
  return weeks.reduce((sum, week) => sum + week[key], 0);
}

function ActivityCard() {
  const query = useNewsletterWeeks();
  const weeks = query.data?.weeks ?? [];
  const data = weeks.map((week) => ({
    week: formatWeek(week.week_start),
    signups: week.signups,
    unsubscribes: week.unsubscribes,
    suppressed: week.bounces + week.complaints,
  }));
  const totals = [
    plural(total(weeks, "signups"), "sign-up", "sign-ups"),
    plural(total(weeks, "unsubscribes"), "unsubscribe", "unsubscribes"),
    plural(total(weeks, "bounces"), "bounce", "bounces"),
    plural(total(weeks, "complaints"), "complaint", "complaints"),
  ];
  return (
    <ChartCard
      title="Newsletter activity"
      description="Sign-ups, unsubscribes, and addresses that bounced or complained, per week."
      summary={`In ${period}: ${totals.slice(0, -1).join(", ")} and ${totals.at(-1)}.`}
      table={{
        caption: "Newsletter activity",
        columns: ["Week", "Sign-ups", "Unsubscribes", "Bounces", "Complaints"],
        rows: weeks.map((week) => [
          formatWeek(week.week_start),
          week.signups,
          week.unsubscribes,
          week.bounces,
          week.complaints,
        ]),
      }}
      state={chartStateOf(query, (answer: NewsletterWeeks) =>
        answer.weeks.every(
          (week) => week.signups + week.unsubscribes + week.bounces + week.complaints === 0,
        ),
      )}
      emptyMessage={`No sign-ups, unsubscribes or bounces in ${period}.`}
      onRetry={() => void query.refetch()}
    >
      <ActivityChart data={data} />
    </ChartCard>
  );
}

/**
 * The Overview's newsletter cards (for those who manage subscribers): confirmed subscribers over
 * the last weeks, the weeks' sign-ups and leavers, and the latest sends' results.
 */
export function NewsletterOverview() {
  return (
    <>
      <SubscribersCard />
      <ActivityCard />
      <LatestSendsCard />
    </>
  );
}
