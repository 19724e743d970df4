import { queryOptions, useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { fromDatabaseError } from "../lib/newsletter-errors";
import type { NewsletterTexts } from "../lib/newsletter-send";
import { newsletterSendKeys } from "./query-keys";

/** The subject and preheader of the post's send still waiting, or null when none waits. */
export async function getScheduledSendTexts(postId: string): Promise<NewsletterTexts | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from("newsletter_sends")
    .select("subject, preheader")
    .eq("post_id", postId)
    .eq("status", "scheduled")
    .maybeSingle();
  if (error) throw fromDatabaseError(error, "The scheduled e-mail could not be read.");
  return data;
}

export function useScheduledSendTexts(postId: string, { enabled = true } = {}) {
  return useQuery(
    queryOptions({
      queryKey: newsletterSendKeys.scheduledTexts(postId),
      queryFn: () => getScheduledSendTexts(postId),
      enabled,
    }),
  );
}
