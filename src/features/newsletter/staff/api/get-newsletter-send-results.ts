import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseError } from "../lib/newsletter-errors";
import type { SendResult } from "../lib/send-state";
import { newsletterSendKeys } from "./query-keys";

export const resultsFailedMessage = "The newsletter sends could not be read. Please try again.";

/** How often a screen showing a send under way asks again. */
export const sendingPollMs = 3_000;

/**
 * `newsletter_send_results(post_id)`: the post's sends, or (null) every send, newest first, each
 * with its recipients, sent, failed, bounced, complained and unsubscribed counts.
 */
export async function getNewsletterSendResults(postId: string | null): Promise<SendResult[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc(
    "newsletter_send_results",
    postId === null ? {} : { post_id: postId },
  );
  if (error) throw fromDatabaseError(error, resultsFailedMessage);
  return data;
}

export function newsletterSendResultsQuery(postId: string | null) {
  return queryOptions({
    queryKey: newsletterSendKeys.results(postId),
    queryFn: () => getNewsletterSendResults(postId),
    staleTime: 0,
    // A send under way moves on its own: its counts are read again until it is done.
    refetchInterval: (query) =>
      query.state.data?.some((send) => send.status === "sending") ? sendingPollMs : false,
  });
}

export function useNewsletterSendResults(postId: string | null) {
  return useQuery(newsletterSendResultsQuery(postId));
}
