import { formatLocalDateTime } from "@/lib/local-date-time";

/** The post a send is asked for, as it is stored (what goes out is the saved post). */
export interface NewsletterTarget {
  id: string;
  title: string;
  excerpt: string | null;
  language: string;
  status: string;
  published_at: string | null;
}

/**
 * When a send asked for now goes out: the scheduler sends it once the post is published and
 * due, so a draft waits for publication and a scheduled post for its date.
 */
export type SendTiming =
  { kind: "on-publication" } | { kind: "on-date"; date: string } | { kind: "now" };

export function sendTiming(
  post: Pick<NewsletterTarget, "status" | "published_at">,
  now: Date = new Date(),
): SendTiming {
  if (post.status !== "published") return { kind: "on-publication" };
  if (post.published_at && Date.parse(post.published_at) > now.getTime()) {
    return { kind: "on-date", date: post.published_at };
  }
  return { kind: "now" };
}

/** The end of "E-mail this post to 12 confirmed French subscribers …". */
export function timingPhrase(timing: SendTiming): string {
  if (timing.kind === "on-publication") return "when it is published";
  if (timing.kind === "on-date") return `when it goes live on ${formatLocalDateTime(timing.date)}`;
  return "now";
}

/** When the e-mail that waits goes out: "goes out when the post is published". */
export function scheduledLine(timing: SendTiming): string {
  if (timing.kind === "on-publication") return "goes out when the post is published";
  if (timing.kind === "on-date") {
    return `goes out when the post goes live on ${formatLocalDateTime(timing.date)}`;
  }
  return "goes out in a moment, the post is live";
}
