import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { agencyHours } from "@shared/agency-hours.ts";
import { renderWithProviders } from "@/test/render";
import type { NewsletterWeek } from "../staff/api/get-newsletter-overview";
import { NewsletterOverview } from "../staff/components/newsletter-overview";
import { freshDatabase, sendResult } from "./fake-newsletter-database";

const db = vi.hoisted(() => ({
  current: null as unknown as ReturnType<typeof freshDatabase>,
  hold: null as Promise<void> | null,
}));
vi.mock("@/lib/supabase", async () => {
  const { fakeSupabase } = await import("./fake-newsletter-database");
  return {
    getSupabase: async () => {
      await db.hold;
      return fakeSupabase(db.current);
    },
  };
});

beforeEach(() => {
  db.current = freshDatabase();
  db.hold = null;
});

/** 13 weeks from Monday 5 October 2026: the one before the charted 12, then those. */
function weeks(figures: (index: number) => Partial<NewsletterWeek>): NewsletterWeek[] {
  return Array.from({ length: 13 }, (_, index) => ({
    week_start: new Date(Date.UTC(2026, 9, 5 + 7 * index)).toISOString().slice(0, 10),
    signups: 0,
    confirmations: 0,
    unsubscribes: 0,
    bounces: 0,
    complaints: 0,
    confirmed_total: 0,
    ...figures(index),
  }));
}

const card = (name: string) => screen.findByRole("region", { name });

/** A card's numbers table (captioned with the card's heading), row by row. */
function tableRows(region: HTMLElement, caption: string) {
  const table = within(region).getByRole("table", { name: caption });
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.children].map((cell) => cell.textContent));
}

describe("the Overview's newsletter cards", () => {
  it("read the last 12 weeks and the one before, in the agency's time zone", async () => {
    db.current.weeks = weeks(() => ({}));
    renderWithProviders(<NewsletterOverview />);
    await card("Newsletter subscribers");
    expect(db.current.rpcCalls).toContainEqual({
      name: "overview_newsletter_per_week",
      args: { time_zone: agencyHours.timeZone, weeks: 13 },
    });
    // One read for both weekly cards.
    expect(
      db.current.rpcCalls.filter((call) => call.name === "overview_newsletter_per_week"),
    ).toHaveLength(1);
  });

  it("chart confirmed subscribers, with the latest total and the change since 12 weeks ago", async () => {
    db.current.weeks = weeks((index) => ({
      confirmed_total: 1148 + index * 5 - (index === 12 ? 4 : 0),
    }));
    renderWithProviders(<NewsletterOverview />);
    const region = await card("Newsletter subscribers");
    expect(
      await within(region).findByText(
        "1,204 confirmed subscribers now, up 56 in the last 12 weeks.",
      ),
    ).toBeInTheDocument();
    expect(
      await within(region).findByRole("application", { name: "Newsletter subscribers, chart" }),
    ).toBeInTheDocument();
    const rows = tableRows(region, "Newsletter subscribers");
    expect(rows).toHaveLength(13);
    expect(rows[0]).toEqual(["Week", "Confirmed subscribers"]);
    expect(rows[1]).toEqual(["Mon 12 Oct", "1153"]);
    expect(rows[12]).toEqual(["Mon 28 Dec", "1204"]);
  });

  it("say when the subscribers went down", async () => {
    db.current.weeks = weeks((index) => ({ confirmed_total: 40 - index }));
    renderWithProviders(<NewsletterOverview />);
    expect(
      await screen.findByText("28 confirmed subscribers now, down 12 in the last 12 weeks."),
    ).toBeInTheDocument();
  });

  it("chart the weeks' sign-ups, unsubscribes, bounces and complaints", async () => {
    db.current.weeks = weeks((index) => ({
      signups: index === 0 ? 100 : index,
      unsubscribes: index === 12 ? 2 : 0,
      bounces: index === 3 ? 1 : 0,
      complaints: 0,
    }));
    renderWithProviders(<NewsletterOverview />);
    const region = await card("Newsletter activity");
    // The week before the 12 is left out: 1 + 2 + ... + 12 sign-ups.
    expect(
      await within(region).findByText(
        "In the last 12 weeks: 78 sign-ups, 2 unsubscribes, 1 bounce and 0 complaints.",
      ),
    ).toBeInTheDocument();
    expect(
      await within(region).findByRole("application", { name: "Newsletter activity, chart" }),
    ).toBeInTheDocument();
    const rows = tableRows(region, "Newsletter activity");
    expect(rows[0]).toEqual(["Week", "Sign-ups", "Unsubscribes", "Bounces", "Complaints"]);
    expect(rows[3]).toEqual(["Mon 26 Oct", "3", "0", "1", "0"]);
    expect(rows[12]).toEqual(["Mon 28 Dec", "12", "2", "0", "0"]);
  });

  it("say so when there is nothing to chart yet", async () => {
    db.current.weeks = weeks(() => ({}));
    renderWithProviders(<NewsletterOverview />);
    expect(await screen.findByText("No confirmed subscribers yet.")).toBeInTheDocument();
    expect(
      screen.getByText("No sign-ups, unsubscribes or bounces in the last 12 weeks."),
    ).toBeInTheDocument();
    expect(await screen.findByText("No newsletter sent yet.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("hold their place while loading, and offer to try again when the read fails", async () => {
    let release!: () => void;
    db.hold = new Promise((resolve) => (release = resolve));
    db.current.refusals = {
      overview_newsletter_per_week: [{ code: "42501", message: "permission denied" }],
    };
    db.current.weeks = weeks(() => ({ confirmed_total: 3 }));
    renderWithProviders(<NewsletterOverview />);
    const subscribers = await card("Newsletter subscribers");
    expect(within(subscribers).getByRole("status")).toHaveTextContent(
      "Loading Newsletter subscribers…",
    );
    release();
    expect(await within(subscribers).findByRole("alert")).toHaveTextContent(
      "These figures could not be loaded.",
    );
    await userEvent.click(within(subscribers).getByRole("button", { name: "Try again" }));
    expect(
      await within(subscribers).findByText(
        "3 confirmed subscribers now, no change in the last 12 weeks.",
      ),
    ).toBeInTheDocument();
  });
});

describe("the Latest sends card", () => {
  it("lists the 5 latest sends that started, with their results", async () => {
    db.current.weeks = weeks(() => ({}));
    db.current.results = [
      sendResult({
        id: "waiting",
        post_title: "Not yet",
        status: "scheduled",
        started_at: null,
        completed_at: null,
      }),
      sendResult({
        id: "s6",
        post_title: "Retention in 2027",
        completed_at: "2026-12-14T09:01:00.000Z",
        recipients: 1250,
        sent: 1240,
        bounced: 6,
        complained: 1,
        unsubscribed: 3,
      }),
      sendResult({ id: "s5", post_id: null, post_title: null }),
      ...["s4", "s3", "s2", "s1"].map((id) => sendResult({ id, post_title: `Post ${id}` })),
    ];
    renderWithProviders(<NewsletterOverview />);
    const region = await card("Latest sends");
    const items = await within(region).findAllByTestId("latest-send");
    expect(items).toHaveLength(5);
    expect(
      within(region).getByText(
        "The latest, Retention in 2027 (Dec 14, 2026), went to 1,240 of 1,250 recipients.",
      ),
    ).toBeInTheDocument();
    expect(items[0]).toHaveTextContent(
      "Retention in 2027Dec 14, 2026Recipients1,250Sent1,240Bounced6Complained1Unsubscribed3",
    );
    expect(within(region).queryByText("Not yet")).not.toBeInTheDocument();
    expect(within(region).queryByText("Post s1")).not.toBeInTheDocument();
    const rows = tableRows(region, "Latest sends");
    expect(rows).toEqual([
      ["Post", "Date", "Recipients", "Sent", "Bounced", "Complained", "Unsubscribed"],
      ["Retention in 2027", "Dec 14, 2026", "1250", "1240", "6", "1", "3"],
      ["Deleted post", "Mar 2, 2026", "12", "12", "0", "0", "0"],
      ["Post s4", "Mar 2, 2026", "12", "12", "0", "0", "0"],
      ["Post s3", "Mar 2, 2026", "12", "12", "0", "0", "0"],
      ["Post s2", "Mar 2, 2026", "12", "12", "0", "0", "0"],
    ]);
  });

  it("says when nothing was sent yet, even with a send waiting", async () => {
    db.current.weeks = weeks(() => ({}));
    db.current.results = [
      sendResult({ status: "scheduled", started_at: null, completed_at: null }),
    ];
    renderWithProviders(<NewsletterOverview />);
    const region = await card("Latest sends");
    expect(await within(region).findByText("No newsletter sent yet.")).toBeInTheDocument();
  });
});
