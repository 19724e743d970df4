import type { Database } from "../../shared/database.types";
import { secretKey, serviceClient, stackUrl } from "./stack";

type SubscriberInsert = Database["public"]["Tables"]["newsletter_subscribers"]["Insert"];

/** Who a test's newsletter reaches, and who it must not: one address per kind of subscriber. */
export const subscriberKinds = {
  confirmedFr1: { language: "fr", status: "confirmed" },
  confirmedFr2: { language: "fr", status: "confirmed" },
  confirmedEn: { language: "en", status: "confirmed" },
  pendingFr: { language: "fr", status: "pending" },
  unsubscribedFr: { language: "fr", status: "unsubscribed" },
  bouncedFr: { language: "fr", status: "bounced" },
} as const satisfies Record<string, Pick<SubscriberInsert, "language" | "status">>;

export type SubscriberKind = keyof typeof subscriberKinds;

const addressOf = (kind: SubscriberKind, tag: string) =>
  `send-${kind.toLowerCase()}-${tag}@example.com`;

/**
 * Seeds one subscriber of each kind (service role), their addresses carrying the test's tag so
 * no other spec's rows are touched; returns each kind's address.
 */
export async function seedSubscribers(tag: string): Promise<Record<SubscriberKind, string>> {
  const now = new Date().toISOString();
  const kinds = Object.keys(subscriberKinds) as SubscriberKind[];
  const rows = kinds.map((kind) => {
    const { language, status } = subscriberKinds[kind];
    return {
      email: addressOf(kind, tag),
      language,
      status,
      confirmed_at: status === "pending" ? null : now,
      unsubscribed_at: status === "unsubscribed" ? now : null,
    };
  });
  const { error } = await serviceClient().from("newsletter_subscribers").insert(rows);
  if (error) throw error;
  return Object.fromEntries(kinds.map((kind) => [kind, addressOf(kind, tag)])) as Record<
    SubscriberKind,
    string
  >;
}

export async function deleteSubscribersTagged(tag: string) {
  const { error } = await serviceClient()
    .from("newsletter_subscribers")
    .delete()
    .like("email", `send-%-${tag}@example.com`);
  if (error) throw error;
}

export async function subscriberStatus(email: string): Promise<string> {
  const { data, error } = await serviceClient()
    .from("newsletter_subscribers")
    .select("status")
    .eq("email", email)
    .single();
  if (error) throw error;
  return data.status;
}

/** How many confirmed subscribers a language has now, whoever's test made them. */
export async function confirmedSubscriberCount(language: string): Promise<number> {
  const { count, error } = await serviceClient()
    .from("newsletter_subscribers")
    .select("id", { count: "exact", head: true })
    .eq("language", language)
    .eq("status", "confirmed");
  if (error) throw error;
  return count ?? 0;
}

export interface NewsletterMail {
  id: number;
  to: string[];
  subject: string;
  html?: string;
  headers?: Record<string, string>;
}

/** What the send-newsletter function sent to `email`, as the stack's outbox holds it. */
export async function newsletterMailTo(email: string): Promise<NewsletterMail[]> {
  const query = new URLSearchParams({ to: email, function: "send-newsletter" });
  const response = await fetch(`${stackUrl}/__local/outbox?${query}`, {
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}` },
  });
  if (!response.ok) throw new Error(`outbox: ${response.status} ${await response.text()}`);
  return (await response.json()) as NewsletterMail[];
}

/** The post's sends as stored (service role): their status and recipients. */
export async function storedSends(postId: string) {
  const { data, error } = await serviceClient()
    .from("newsletter_sends")
    .select("id, status, recipient_count, subject")
    .eq("post_id", postId);
  if (error) throw error;
  return data;
}
