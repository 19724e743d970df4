import { readAllPages } from "@/lib/read-all-pages";
import { containsPattern } from "@/lib/staff/contains-pattern";
import { pagedQuery } from "@/lib/staff/paged-query";
import { getSupabase } from "@/lib/supabase";
import type { Tables } from "@/types/database";
import { subscriberList } from "../lib/subscribers-filter";
import { subscriberKeys } from "./query-keys";

export type Subscriber = Pick<
  Tables<"newsletter_subscribers">,
  "id" | "email" | "language" | "status" | "created_at" | "confirmed_at" | "unsubscribed_at"
>;

const subscriberColumns = "id, email, language, status, created_at, confirmed_at, unsubscribed_at";

/** The list's pages and how many sign-ups of its search each status holds. */
export const subscribersQuery = pagedQuery(subscriberList, {
  keys: subscriberKeys,
  context: getSupabase,
  rows(supabase, { status, search, sort }, head) {
    let query = supabase
      .from("newsletter_subscribers")
      .select(subscriberColumns, { count: "exact", head });
    if (status !== "all") query = query.eq("status", status);
    if (search.trim()) query = query.ilike("email", containsPattern(search.trim()));
    return query
      .order(sort.column, { ascending: sort.ascending, nullsFirst: false })
      .order("id", { ascending: true });
  },
});

/** Every confirmed address, oldest confirmation first: the list to send to. */
export async function getConfirmedSubscribers(): Promise<Subscriber[]> {
  const supabase = await getSupabase();
  return readAllPages((from, to) =>
    supabase
      .from("newsletter_subscribers")
      .select(subscriberColumns)
      .eq("status", "confirmed")
      .order("confirmed_at", { ascending: true })
      .order("id", { ascending: true })
      .range(from, to),
  );
}
