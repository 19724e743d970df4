import { useMutation } from "@tanstack/react-query";
import { getPublicReads } from "@/lib/supabase";

export type NewsletterLinkAction = "confirm" | "unsubscribe";

const databaseFunctions = {
  confirm: "confirm_newsletter_subscription",
  unsubscribe: "unsubscribe_from_newsletter",
} as const satisfies Record<NewsletterLinkAction, string>;

/** Follows a link from a newsletter e-mail: true when it worked, false when the token is unknown, used or expired. */
export async function followNewsletterLink(
  action: NewsletterLinkAction,
  token: string,
): Promise<boolean> {
  const reads = await getPublicReads();
  const { data, error } = await reads.rpc(databaseFunctions[action], { token });
  if (error) throw error;
  return data === true;
}

/**
 * Follows the link when the visitor asks, never on load: a mail scanner that opens links and
 * runs their scripts must not confirm or unsubscribe anyone. A mutation, started by the page's
 * button; no retry of its own (a confirmation token is single-use: the visitor retries).
 */
export function useFollowNewsletterLink(action: NewsletterLinkAction) {
  return useMutation({
    mutationFn: (token: string) => followNewsletterLink(action, token),
    retry: false,
  });
}
