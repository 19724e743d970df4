import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatWeek } from "@/lib/staff/format";
import { renderWithProviders } from "@/test/render";
import type {
  LeadFunnel,
  LeadsWeekRow,
  ReplyTimesRow,
  WaitingLead,
} from "../staff/api/get-leads-overview";
import { LeadsOverview } from "../staff/components/leads-overview";
import { ReplyPromiseWarning } from "../staff/components/leads-overview-replies";

// Wednesday 2 December 2026, 11:15 in Paris: the charts' 12 weeks start Monday 14 September.
const now = new Date("2026-12-02T10:15:00Z");
const chartStart = "2026-09-13T22:00:00.000Z";
const weekStarts = Array.from({ length: 12 }, (_, week) =>
  new Date(Date.UTC(2026, 8, 14 + 7 * week)).toISOString().slice(0, 10),
);
const thirtyDaysAgo = new Date(now.getTime() - 30 * 86_400_000);

interface Answers {
  perWeek: LeadsWeekRow[];
  funnel: LeadFunnel;
  weekly: ReplyTimesRow[];
  /** The whole-range row for the last 30 days. */
  lastThirtyDays: ReplyTimesRow;
  /** The whole-range row for any other period. */
  period: ReplyTimesRow;
  waiting: WaitingLead[];
}

const answers = vi.hoisted(() => ({ current: null as unknown as Answers, calls: [] as unknown[] }));

vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    rpc: (name: string, args: Record<string, unknown>) => ({
      throwOnError: async () => {
        answers.calls.push({ name, args });
        const { perWeek, funnel, weekly, lastThirtyDays, period, waiting } = answers.current;
        if (name === "overview_leads_per_week") return { data: perWeek };
        if (name === "overview_lead_funnel") return { data: [funnel] };
        if (name === "overview_waiting_leads") return { data: waiting };
        if (name === "overview_reply_times") {
          if (args.since === chartStart) return { data: [...weekly, period] };
          return { data: [args.since === thirtyDaysAgo.toISOString() ? lastThirtyDays : period] };
        }
        throw new Error(`unexpected ${name}`);
      },
    }),
  }),
}));

const sources = ["homepage", "services", "about", "contact"] as const;
const languages = ["en", "fr"] as const;

/** Every week × source × language, with `count` choosing the leads of each. */
function perWeek(
  count: (week: number, source: string, language: string) => number,
): LeadsWeekRow[] {
  return weekStarts.flatMap((week_start, week) =>
    sources.flatMap((source) =>
      languages.map((language) => ({
        week_start,
        source,
        language,
        leads: count(week, source, language),
      })),
    ),
  );
}

function replyRow(week_start: string | null, figures: Partial<ReplyTimesRow> = {}): ReplyTimesRow {
  return {
    week_start,
    leads: 0,
    replied: 0,
    median_hours: null,
    p90_hours: null,
    mean_hours: null,
    within_promise: 0,
    ...figures,
  };
}

const waitingLead: WaitingLead = {
  id: "0b4c6a52-1111-4a4a-9a9a-000000000001",
  created_at: "2026-11-27T16:00:00Z",
  name: "Zoé Martin",
  company: "Atelier Nord",
  source: "contact",
  language: "fr",
  waiting_hours: 27.6,
  total: 3,
};

function busyAnswers(): Answers {
  return {
    // This week (the last): homepage/en 2, contact/fr 3; last week: services/en 4; the rest 0.
    perWeek: perWeek((week, source, language) => {
      if (week === 11 && source === "homepage" && language === "en") return 2;
      if (week === 11 && source === "contact" && language === "fr") return 3;
      if (week === 10 && source === "services" && language === "en") return 4;
      return 0;
    }),
    funnel: { received: 40, contacted: 30, qualified: 10 },
    weekly: weekStarts.map((week) =>
      week === "2026-11-23"
        ? replyRow(week, {
            leads: 4,
            replied: 3,
            median_hours: 3.5,
            p90_hours: 20.12,
            mean_hours: 8,
            within_promise: 3,
          })
        : replyRow(week),
    ),
    lastThirtyDays: replyRow(null, {
      leads: 20,
      replied: 18,
      median_hours: 5.25,
      p90_hours: 30,
      mean_hours: 9,
      within_promise: 15,
    }),
    period: replyRow(null, {
      leads: 6,
      replied: 5,
      median_hours: 2,
      p90_hours: 6.04,
      mean_hours: 3,
      within_promise: 5,
    }),
    waiting: [waitingLead],
  };
}

function renderOverview(period = { since: thirtyDaysAgo, until: now, label: "Last 30 days" }) {
  return renderWithProviders(
    <>
      <ReplyPromiseWarning now={now} />
      <LeadsOverview
        period={period}
        now={now}
        leadPath={(id) => `/admin?tab=leads&lead=${id}`}
        newLeadsPath="/admin?tab=leads&status=new"
      />
    </>,
  );
}

const card = (name: string) => screen.findByRole("region", { name });
const tableRows = (region: HTMLElement) =>
  within(within(region).getByRole("table"))
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

beforeEach(() => {
  answers.current = busyAnswers();
  answers.calls = [];
});

describe("the Overview's lead cards", () => {
  it("count this week's leads against last week's, and tabulate each week by source or language", async () => {
    renderOverview();
    const weeks = await card("Leads per week");
    expect(await within(weeks).findByText(/this week/)).toHaveTextContent(
      "5 leads this week so far, 4 leads last week (+1)",
    );
    const rows = tableRows(weeks);
    expect(rows[0]).toEqual(["Week", "Homepage", "Services", "About", "Contact", "Total"]);
    expect(rows).toHaveLength(13);
    expect(rows[11]).toEqual([formatWeek("2026-11-23"), "0", "4", "0", "0", "4"]);
    expect(rows[12]).toEqual([formatWeek("2026-11-30"), "2", "0", "0", "3", "5"]);

    await userEvent.click(within(weeks).getByRole("button", { name: "By language" }));
    expect(within(weeks).getByRole("button", { name: "By language" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const byLanguage = tableRows(weeks);
    expect(byLanguage[0]).toEqual(["Week", "English", "French", "Total"]);
    expect(byLanguage[12]).toEqual([formatWeek("2026-11-30"), "2", "3", "5"]);
    expect(await within(weeks).findByRole("application", { name: /Leads per week/ })).toBeVisible();
  });

  it("show the funnel of the chosen period with each stage's share of those received", async () => {
    renderOverview();
    const funnel = await card("Funnel");
    expect(await within(funnel).findByText(/Of 40 leads received/)).toHaveTextContent(
      "Of 40 leads received, 75% contacted and 25% qualified.",
    );
    expect(tableRows(funnel)).toEqual([
      ["Stage", "Leads", "Share of received"],
      ["Received", "40", "100%"],
      ["Contacted", "30", "75%"],
      ["Qualified", "10", "25%"],
    ]);
    expect(answers.calls).toContainEqual({
      name: "overview_lead_funnel",
      args: { since: thirtyDaysAgo.toISOString(), until: now.toISOString() },
    });
  });

  it("show reply times per week in business hours, with the period's and the last 30 days' figures", async () => {
    renderOverview({ since: new Date("2026-11-25T10:15:00Z"), until: now, label: "Last 7 days" });
    const replies = await card("Time to first reply");
    expect(
      within(replies).getByText(
        "Business hours: Monday to Friday, 9:00–18:00 Paris time. From a lead's arrival to its first change from New.",
      ),
    ).toBeInTheDocument();
    expect((await within(replies).findByText("Last 30 days:")).closest("li")).toHaveTextContent(
      "Last 30 days: median 5.3 h, 90th percentile 30.0 h; 15 of 20 leads answered within 24 h.",
    );
    expect(within(replies).getByText("Last 7 days:").closest("li")).toHaveTextContent(
      "Last 7 days: median 2.0 h, 90th percentile 6.0 h; 5 of 6 leads answered within 24 h.",
    );
    const rows = tableRows(replies);
    expect(rows[0]).toEqual([
      "Week",
      "Leads",
      "Replied",
      "Median",
      "90th percentile",
      "Within 24 h",
    ]);
    expect(rows[11]).toEqual([formatWeek("2026-11-23"), "4", "3", "3.5 h", "20.1 h", "3"]);
    expect(rows[12]).toEqual([formatWeek("2026-11-30"), "0", "0", "–", "–", "0"]);
    expect(answers.calls).toContainEqual({
      name: "overview_reply_times",
      args: {
        since: chartStart,
        until: now.toISOString(),
        time_zone: "Europe/Paris",
        opens: "09:00",
        closes: "18:00",
        promise_hours: 24,
      },
    });
  });

  it("say plainly when the last 30 days' median reply is slower than the promised 4 hours", async () => {
    renderOverview();
    const warning = await screen.findByRole("region", {
      name: "Replies are slower than the site promises",
    });
    expect(warning).toHaveTextContent(
      "Over the last 30 days the median first reply took 5.3 h of business hours; the site promises 4 h on average and a reply within 24 h. 15 of 20 leads were answered within 24 h.",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("say nothing of the promise while the median keeps it", async () => {
    answers.current.lastThirtyDays = replyRow(null, {
      leads: 20,
      replied: 20,
      median_hours: 4,
      p90_hours: 10,
      within_promise: 20,
    });
    renderOverview();
    const replies = await card("Time to first reply");
    // The chosen period is the last 30 days: their figures once.
    expect(await within(replies).findAllByText(/median 4\.0 h/)).toHaveLength(1);
    expect(screen.queryByText("Replies are slower than the site promises")).not.toBeInTheDocument();
  });

  it("list the leads waiting too long, each a link to its detail panel", async () => {
    answers.current.waiting = [
      waitingLead,
      { ...waitingLead, id: "0b4c6a52-1111-4a4a-9a9a-000000000002", name: "Sam", company: null },
    ];
    renderOverview();
    const waiting = await card("Waiting too long");
    expect(await within(waiting).findByText(/are waiting/)).toHaveTextContent(
      "3 leads are waiting, the oldest first. Showing 2; see every new lead.",
    );
    expect(within(waiting).getByRole("link", { name: "see every new lead" })).toHaveAttribute(
      "href",
      "/admin?tab=leads&status=new",
    );
    const [first, second] = within(waiting).getAllByRole("listitem");
    expect(within(first!).getByRole("link", { name: "Zoé Martin" })).toHaveAttribute(
      "href",
      `/admin?tab=leads&lead=${waitingLead.id}`,
    );
    expect(first).toHaveTextContent("waiting 27 h");
    expect(first).toHaveTextContent("Atelier Nord · Contact · arrived Nov 27, 2026, 5:00 PM");
    expect(second).toHaveTextContent(/^Samwaiting 27 hContact · arrived/);
  });

  it("say so when no lead arrived in the last 12 weeks, and none waits", async () => {
    answers.current = {
      ...busyAnswers(),
      perWeek: perWeek(() => 0),
      funnel: { received: 0, contacted: 0, qualified: 0 },
      weekly: weekStarts.map((week) => replyRow(week)),
      lastThirtyDays: replyRow(null),
      period: replyRow(null),
      waiting: [],
    };
    renderOverview();
    expect(
      await within(await card("Leads per week")).findByText("No leads in the last 12 weeks yet."),
    ).toBeInTheDocument();
    expect(
      await within(await card("Time to first reply")).findByText(
        "No leads in the last 12 weeks yet.",
      ),
    ).toBeInTheDocument();
    expect(
      await within(await card("Funnel")).findByText("No leads arrived in this period."),
    ).toBeInTheDocument();
    expect(
      await within(await card("Waiting too long")).findByText(
        "No lead is waiting more than 24 business hours.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.queryByText("Replies are slower than the site promises")).not.toBeInTheDocument();
  });
});
