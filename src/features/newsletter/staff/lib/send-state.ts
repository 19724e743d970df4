import type { Database } from "@/types/database";

type ResultRow = Database["public"]["Functions"]["newsletter_send_results"]["Returns"][number];

/**
 * One send as `newsletter_send_results()` reports it: its texts, dates and recipients' counts.
 * The generated row says every column is set; these may be null (a deleted post, a send that
 * has not started or finished).
 */
export type SendResult = Omit<
  ResultRow,
  "post_id" | "post_title" | "started_at" | "completed_at"
> & {
  post_id: string | null;
  post_title: string | null;
  started_at: string | null;
  completed_at: string | null;
};

/** The title of the post a send e-mailed, or that the post is gone. */
export function sendPostTitle(send: SendResult): string {
  return send.post_title ?? "Deleted post";
}

/** When a send happened: done, started, or asked for. */
export function sendDate(send: SendResult): string {
  return send.completed_at ?? send.started_at ?? send.requested_at;
}

/**
 * Where a post stands as a newsletter, from its sends (newest first): the send waiting or under
 * way (at most one, the database's rule), and those already sent, oldest first.
 */
export interface PostNewsletterState {
  open: SendResult | null;
  sent: SendResult[];
}

export function postNewsletterState(sends: readonly SendResult[]): PostNewsletterState {
  return {
    open: sends.find((send) => send.status === "scheduled" || send.status === "sending") ?? null,
    sent: sends.filter((send) => send.status === "sent").reverse(),
  };
}

/** What came back of every sent send of a post, added up. */
export function sentTotals(sent: readonly SendResult[]) {
  const sum = (key: "sent" | "failed" | "bounced" | "complained" | "unsubscribed") =>
    sent.reduce((total, send) => total + send[key], 0);
  return {
    sent: sum("sent"),
    failed: sum("failed"),
    bounced: sum("bounced"),
    complained: sum("complained"),
    unsubscribed: sum("unsubscribed"),
  };
}

/** How far a send under way is: the recipients done (sent, failed or skipped) of all of them. */
export function sendProgress(send: SendResult): { done: number; total: number } {
  return { done: send.recipients - send.queued, total: send.recipients };
}

/** The state a list shows in a word or two: "Sent", "Scheduled", "Sending", or none. */
export type SendBadge =
  { kind: "sent"; at: string } | { kind: "scheduled" } | { kind: "sending" } | null;

export function sendBadge(state: PostNewsletterState): SendBadge {
  if (state.open?.status === "sending") return { kind: "sending" };
  if (state.open) return { kind: "scheduled" };
  const last = state.sent.at(-1);
  return last
    ? { kind: "sent", at: last.completed_at ?? last.started_at ?? last.requested_at }
    : null;
}
