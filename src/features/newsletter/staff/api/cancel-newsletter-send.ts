import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseError, NewsletterError } from "../lib/newsletter-errors";
import { newsletterSendKeys } from "./query-keys";

export const cancelFailedMessage = "The send could not be cancelled. Please try again.";
export const tooLateMessage = "The send has already started, so it can no longer be cancelled.";

/** Cancels a send that is still waiting (`cancel_newsletter_send`); one under way goes on. */
export async function cancelNewsletterSend(sendId: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("cancel_newsletter_send", { send_id: sendId });
  if (error) throw fromDatabaseError(error, cancelFailedMessage);
  if (!data) throw new NewsletterError(tooLateMessage);
}

export function useCancelNewsletterSend() {
  return useRefreshingMutation(cancelNewsletterSend, [newsletterSendKeys.all()], "settled");
}
