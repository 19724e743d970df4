import { useRefreshingMutation } from "@/lib/staff/refreshing-mutation";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseError } from "../lib/newsletter-errors";
import type { NewsletterTexts } from "../lib/newsletter-send";
import { newsletterSendKeys } from "./query-keys";

export interface ScheduleSendInput extends NewsletterTexts {
  postId: string;
  /** After a send: reach only the subscribers who have not received the post. */
  sendAgain: boolean;
}

export const scheduleFailedMessage = "The e-mail could not be scheduled. Please try again.";

/**
 * Asks for a send of the post (`schedule_newsletter_send`): it waits until the post is published
 * and due. A send already scheduled gets these texts instead. Returns the send's id.
 */
export async function scheduleNewsletterSend({
  postId,
  subject,
  preheader,
  sendAgain,
}: ScheduleSendInput): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("schedule_newsletter_send", {
    post_id: postId,
    subject: subject.trim(),
    preheader: preheader.trim(),
    send_again: sendAgain,
  });
  if (error) throw fromDatabaseError(error, scheduleFailedMessage);
  return data;
}

export function useScheduleNewsletterSend() {
  return useRefreshingMutation(scheduleNewsletterSend, [newsletterSendKeys.all()], "settled");
}
