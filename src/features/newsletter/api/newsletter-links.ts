import { useQuery } from "@tanstack/react-query";
import { getPublicReads } from "@/lib/supabase";
import { newsletterQueryKeys } from "./query-keys";

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
 * The link's outcome. A query rather than a mutation: the token is single-use, and a query
 * runs once however often the page mounts (React's strict mode mounts it twice).
 */
export function useNewsletterLink(action: NewsletterLinkAction, token: string | null) {
  return useQuery({
    queryKey: newsletterQueryKeys.link(action, token ?? ""),
    queryFn: () => followNewsletterLink(action, token!),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
