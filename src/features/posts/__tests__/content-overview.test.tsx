import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { agencyHours } from "@shared/agency-hours.ts";
import { renderWithProviders } from "@/test/render";
import type { PostsMonth, ScheduledPost } from "../staff/api/get-content-overview";
import { ContentOverview } from "../staff/components/content-overview";

/** What the fake database answers, and what it was asked. */
const db = vi.hoisted(() => ({
  months: [] as PostsMonth[],
  scheduled: [] as ScheduledPost[],
  rpcCalls: [] as { name: string; args: unknown }[],
  reads: [] as { table: string; steps: unknown[][] }[],
}));
vi.mock("@/lib/supabase", () => ({
  getSupabase: async () => ({
    async rpc(name: string, args: unknown) {
      db.rpcCalls.push({ name, args });
      return { data: name === "overview_posts_per_month" ? db.months : null, error: null };
    },
    from(table: string) {
      const read = { table, steps: [] as unknown[][] };
      db.reads.push(read);
      const query = new Proxy(
        {},
        {
          get: (_, step: string) =>
            step === "throwOnError"
              ? async () => ({ data: db.scheduled, error: null })
              : (...args: unknown[]) => {
                  read.steps.push([step, ...args]);
                  return query;
                },
        },
      );
      return query;
    },
  }),
}));

beforeEach(() => {
  db.months = [];
  db.scheduled = [];
  db.rpcCalls = [];
  db.reads = [];
});

/** The 12 months of 2026 × both languages, with the given posts per month and language. */
function months(published: (month: number, language: "en" | "fr") => number): PostsMonth[] {
  return Array.from({ length: 12 }, (_, month) =>
    (["en", "fr"] as const).map((language) => ({
      month_start: `2026-${String(month + 1).padStart(2, "0")}-01`,
      language,
      published: published(month, language),
    })),
  ).flat();
}

/** A card's numbers table (captioned with the card's heading), row by row. */
function tableRows(region: HTMLElement, caption: string) {
  const table = within(region).getByRole("table", { name: caption });
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => cell.textContent));
}

describe("Posts published per month", () => {
  it("reads the last 12 months in the agency's time zone and stacks them by language", async () => {
    db.months = months((month, language) =>
      month === 0 ? (language === "en" ? 3 : 1) : month === 11 && language === "en" ? 2 : 0,
    );
    renderWithProviders(<ContentOverview />);
    const region = await screen.findByRole("region", { name: "Posts published per month" });
    expect(
      await within(region).findByText(
        "6 posts published in the last 12 months: 5 in English, 1 in French.",
      ),
    ).toBeInTheDocument();
    expect(db.rpcCalls).toEqual([
      { name: "overview_posts_per_month", args: { time_zone: agencyHours.timeZone, months: 12 } },
    ]);
    expect(
      await within(region).findByRole("application", { name: "Posts published per month, chart" }),
    ).toBeInTheDocument();
    const rows = tableRows(region, "Posts published per month");
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["Month", "English", "French", "Total"]);
    expect(rows[1]).toEqual(["Jan 2026", "3", "1", "4"]);
    expect(rows[2]).toEqual(["Feb 2026", "0", "0", "0"]);
    expect(rows[12]).toEqual(["Dec 2026", "2", "0", "2"]);
  });

  it("says when no post went live in those months", async () => {
    db.months = months(() => 0);
    renderWithProviders(<ContentOverview />);
    expect(await screen.findByText("No post published in the last 12 months.")).toBeInTheDocument();
    expect(
      screen.queryByRole("table", { name: "Posts published per month" }),
    ).not.toBeInTheDocument();
  });
});

describe("Scheduled next", () => {
  it("lists the next posts to go live, soonest first, each a link to its editor", async () => {
    db.scheduled = [
      { id: "p1", title: "Retention loops", language: "en", published_at: "2030-01-15T16:00:00Z" },
      { id: "p2", title: "La mesure SKAN", language: "fr", published_at: "2030-07-01T07:30:00Z" },
    ];
    const before = Date.now();
    renderWithProviders(<ContentOverview />);
    const region = await screen.findByRole("region", { name: "Scheduled next" });
    const links = await within(region).findAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Retention loops", "/blog-editor/p1"],
      ["La mesure SKAN", "/blog-editor/p2"],
    ]);
    // On the agency's clock: Paris is an hour ahead of UTC in January, two in July.
    expect(
      within(region).getByText("Next to go live: Retention loops, Jan 15, 2030, 5:00 PM."),
    ).toBeInTheDocument();
    expect(tableRows(region, "Scheduled next")).toEqual([
      ["Post", "Language", "Goes live"],
      ["Retention loops", "English", "Jan 15, 2030, 5:00 PM"],
      ["La mesure SKAN", "French", "Jul 1, 2030, 9:30 AM"],
    ]);

    const [read] = db.reads;
    expect(read?.table).toBe("blog_posts");
    expect(read?.steps).toEqual([
      ["select", "id,title,language,published_at"],
      ["eq", "status", "published"],
      ["gt", "published_at", expect.any(String)],
      ["order", "published_at", { ascending: true }],
      ["order", "id", { ascending: true }],
      ["limit", 5],
    ]);
    const after = new Date(read?.steps[2]?.[2] as string).getTime();
    expect(after).toBeGreaterThanOrEqual(before);
    expect(after).toBeLessThanOrEqual(Date.now());
  });

  it("says when nothing is scheduled", async () => {
    renderWithProviders(<ContentOverview />);
    const region = await screen.findByRole("region", { name: "Scheduled next" });
    expect(await within(region).findByText("Nothing scheduled.")).toBeInTheDocument();
    expect(within(region).queryByRole("link")).not.toBeInTheDocument();
  });
});
