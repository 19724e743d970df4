import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseError } from "../lib/newsletter-errors";
import { newsletterSendKeys } from "./query-keys";

/** Who a send of the post would reach now, and whether it was sent or is waiting. */
export interface NewsletterAudience {
  language: string;
  /** Confirmed subscribers of the post's language who have not received it. */
  recipients: number;
  already_sent: boolean;
  pending: { id: string; status: string; requested_at: string } | null;
  last_sent_at: string | null;
}

export const audienceFailedMessage = "The subscribers could not be counted. Please try again.";

/** `newsletter_audience(post_id)`: the count the confirmation shows before anything is sent. */
export async function getNewsletterAudience(postId: string): Promise<NewsletterAudience> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("newsletter_audience", { post_id: postId });
  if (error) throw fromDatabaseError(error, audienceFailedMessage);
  return data as unknown as NewsletterAudience;
}

export function newsletterAudienceQuery(postId: string) {
  return queryOptions({
    queryKey: newsletterSendKeys.audience(postId),
    queryFn: () => getNewsletterAudience(postId),
    // Subscribers confirm and leave at any time: the count is read again whenever it is shown.
    staleTime: 0,
  });
}

export function useNewsletterAudience(postId: string, { enabled = true } = {}) {
  return useQuery({ ...newsletterAudienceQuery(postId), enabled });
}
