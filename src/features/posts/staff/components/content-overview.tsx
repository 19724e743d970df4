import { languageCodes, type Language } from "@shared/languages.ts";
import { ChartCard, chartStateOf } from "@/components/staff/charts/chart-card";
import { lazyChart } from "@/components/staff/charts/lazy-chart";
import { formatMonth, languageLabels, plural } from "@/lib/staff/format";
import {
  contentOverviewMonths,
  usePostsPerMonth,
  type PostsMonth,
} from "../api/get-content-overview";
import type { MonthFigures } from "./content-overview-chart";
import { ScheduledNextCard } from "./scheduled-next-card";

const PostsPerMonthChart = lazyChart(() =>
  import("./content-overview-chart").then((charts) => charts.PostsPerMonthChart),
);

/** The database's month × language rows as one row per month, oldest first. */
function byMonth(rows: readonly PostsMonth[]): MonthFigures[] {
  const starts = [...new Set(rows.map((row) => row.month_start))].sort();
  return starts.map((start) => {
    const published = (language: Language) =>
      rows.find((row) => row.month_start === start && row.language === language)?.published ?? 0;
    const perLanguage = Object.fromEntries(
      languageCodes.map((language) => [language, published(language)]),
    ) as Record<Language, number>;
    return { month: formatMonth(start), ...perLanguage };
  });
}

const sum = (numbers: readonly number[]) => numbers.reduce((total, number) => total + number, 0);

function PostsPerMonthCard() {
  const query = usePostsPerMonth();
  const months = byMonth(query.data ?? []);
  const totals = languageCodes.map((language) => ({
    language,
    published: sum(months.map((month) => month[language])),
  }));
  const perLanguage = totals
    .map(
      ({ language, published }) =>
        `${published.toLocaleString("en-US")} in ${languageLabels[language]}`,
    )
    .join(", ");
  return (
    <ChartCard
      title="Posts published per month"
      description="Posts that went live each month, by language."
      summary={`${plural(sum(totals.map((total) => total.published)), "post", "posts")} published in the last ${contentOverviewMonths} months: ${perLanguage}.`}
      table={{
        caption: "Posts published per month",
        columns: ["Month", ...languageCodes.map((language) => languageLabels[language]), "Total"],
        rows: months.map((month) => [
          month.month,
          ...languageCodes.map((language) => month[language]),
          sum(languageCodes.map((language) => month[language])),
        ]),
      }}
      state={chartStateOf(query, (rows: PostsMonth[]) => rows.every((row) => row.published === 0))}
      emptyMessage={`No post published in the last ${contentOverviewMonths} months.`}
      onRetry={() => void query.refetch()}
    >
      <PostsPerMonthChart months={months} />
    </ChartCard>
  );
}

/** The Overview's content cards (for those who manage posts): posts per month, and what is next. */
export function ContentOverview() {
  return (
    <>
      <PostsPerMonthCard />
      <ScheduledNextCard />
    </>
  );
}
