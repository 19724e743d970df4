import { useMutation } from "@tanstack/react-query";
import type { Locale } from "@/config/routes";
import { getSupabase } from "@/lib/supabase";

export interface NewSubscriber {
  email: string;
  language: Locale;
}

/**
 * Signs an address up. Visitors may not read the list, so the insert returns nothing; an
 * address that is already subscribed is skipped by the database and still succeeds.
 */
export async function subscribe(subscriber: NewSubscriber): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from("newsletter_subscribers").insert(subscriber);
  if (error) throw error;
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
