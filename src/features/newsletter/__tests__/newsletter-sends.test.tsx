import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "@/test/render";
import { NewsletterSends } from "../staff/components/newsletter-sends";
import { PostNewsletterBadge, usePostNewsletter } from "../staff/components/post-newsletter";
import { freshDatabase, sendResult } from "./fake-newsletter-database";

vi.mock("@/components/ui/toaster", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

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
  Element.prototype.scrollIntoView ??= () => {};
  db.current = freshDatabase();
  db.hold = null;
});

describe("the Sends table", () => {
  it("says it is loading, then that nothing was sent yet", async () => {
    let release!: () => void;
    db.hold = new Promise((resolve) => (release = resolve));
    renderWithProviders(<NewsletterSends />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading sends...");
    release();
    expect(
      await screen.findByText("No post has been e-mailed to subscribers yet."),
    ).toBeInTheDocument();
  });

  it("lists every send with its language, status and counts", async () => {
    db.current.results = [
      sendResult({
        id: "b",
        post_title: "Second post",
        language: "en",
        status: "sending",
        recipients: 40,
        queued: 10,
        sent: 30,
        completed_at: null,
      }),
      sendResult({ id: "a", failed: 1, bounced: 2, complained: 1, unsubscribed: 3, sent: 9 }),
      sendResult({
        id: "c",
        post_title: "Third post",
        subject: "A subject of its own",
        status: "scheduled",
        started_at: null,
        completed_at: null,
        recipients: 0,
        sent: 0,
      }),
    ];
    renderWithProviders(<NewsletterSends />);
    const table = await screen.findByRole("region", { name: "Sends" });
    const rows = await within(table).findAllByTestId("send-row");
    expect(rows).toHaveLength(3);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual([
      "Post",
      "Language",
      "Date",
      "Status",
      "Recipients",
      "Sent",
      "Failed",
      "Bounced",
      "Complained",
      "Unsubscribed",
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
    expect(within(rows[0]!).getByRole("rowheader")).toHaveTextContent("Second post");
    expect(cells(rows[0]!)).toEqual([
      "English",
      expect.any(String),
      "Sending",
      "40",
      "30",
      "0",
      "0",
      "0",
      "0",
    ]);
    expect(cells(rows[1]!)).toEqual([
      "French",
      "Mar 2, 2026",
      "Sent",
      "12",
      "9",
      "1",
      "2",
      "1",
      "3",
    ]);
    // Not started: its recipients are not written down yet.
    expect(within(rows[2]!).getByRole("rowheader")).toHaveTextContent(
      "Third postSubject: A subject of its own",
    );
    expect(cells(rows[2]!).slice(2)).toEqual(["Scheduled", "—", "—", "—", "—", "—", "—"]);
  });
});

function PostsRow({
  post,
}: {
  post: Parameters<ReturnType<typeof usePostNewsletter>["action"]>[0];
}) {
  const newsletter = usePostNewsletter();
  return (
    <>
      {newsletter.badge(post)}
      {newsletter.action(post)}
      {newsletter.dialog}
    </>
  );
}

describe("the Posts list's newsletter column and action", () => {
  const post = {
    id: "post-1",
    title: "Croissance mobile",
    excerpt: "Un court résumé.",
    language: "fr",
    status: "draft",
    published_at: null,
  };

  it("show each post's state: sent with its date, scheduled, or nothing", async () => {
    db.current.results = [
      sendResult({ post_id: "post-1" }),
      sendResult({ id: "s2", post_id: "post-2", status: "scheduled", completed_at: null }),
    ];
    renderWithProviders(
      <>
        <PostNewsletterBadge postId="post-1" />
        <PostNewsletterBadge postId="post-2" />
        <span data-testid="third">
          <PostNewsletterBadge postId="post-3" />
        </span>
      </>,
    );
    const badges = await screen.findAllByTestId("post-newsletter");
    expect(badges.map((badge) => badge.textContent)).toEqual([
      "Newsletter: Sent Mar 2, 2026",
      "Newsletter: Scheduled",
    ]);
    expect(screen.getByTestId("third")).toBeEmptyDOMElement();
    // One read for every row.
    expect(
      db.current.rpcCalls.filter((call) => call.name === "newsletter_send_results"),
    ).toHaveLength(1);
  });

  it("open the confirmation with the title and excerpt as the e-mail's texts", async () => {
    const user = userEvent.setup();
    renderWithProviders(<PostsRow post={post} />);
    await user.click(screen.getByRole("button", { name: "Send Croissance mobile as newsletter" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Send to subscribers?" }));
    await dialog.findByText(
      "E-mail this post to 12 confirmed French subscribers when it is published.",
    );
    await user.click(dialog.getByRole("button", { name: "Schedule e-mail" }));
    await waitFor(() =>
      expect(db.current.rpcCalls).toContainEqual({
        name: "schedule_newsletter_send",
        args: {
          post_id: "post-1",
          subject: "Croissance mobile",
          preheader: "Un court résumé.",
          send_again: false,
        },
      }),
    );
  });

  it("leave a send that already waits to the editor", async () => {
    db.current.audience.pending = {
      id: "send-1",
      status: "scheduled",
      requested_at: "2026-03-02T09:00:00.000Z",
    };
    const user = userEvent.setup();
    renderWithProviders(<PostsRow post={post} />);
    await user.click(screen.getByRole("button", { name: "Send Croissance mobile as newsletter" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(
      await dialog.findByText(/already scheduled\. Open the post in the editor/),
    ).toBeInTheDocument();
    expect(dialog.queryByRole("button", { name: "Schedule e-mail" })).not.toBeInTheDocument();
  });
});
