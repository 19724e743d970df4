import { queryRoots } from "@/lib/query-keys";

/** The staff's reads of subscribers (visitors only sign up and follow links). */
export const subscriberKeys = {
  all: () => [...queryRoots.staff, "subscribers"] as const,
  page: (filter: unknown) => [...subscriberKeys.all(), "page", filter] as const,
  counts: (filter: unknown) => [...subscriberKeys.all(), "counts", filter] as const,
  /** `overview_newsletter_per_week`: the Overview's weekly figures. */
  perWeek: (timeZone: string, weeks: number) =>
    [...subscriberKeys.all(), "per-week", timeZone, weeks] as const,
};

/** The staff's reads of newsletter sends: a post's audience and sends, and every send. */
export const newsletterSendKeys = {
  all: () => [...queryRoots.staff, "newsletter-sends"] as const,
  audience: (postId: string) => [...newsletterSendKeys.all(), "audience", postId] as const,
  /** `newsletter_send_results(post_id)`: one post's sends, or (null) every send. */
  results: (postId: string | null) => [...newsletterSendKeys.all(), "results", postId] as const,
  scheduledTexts: (postId: string) =>
    [...newsletterSendKeys.all(), "scheduled-texts", postId] as const,
};
