import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { readAllPages } from "@/lib/read-all-pages";
import { getSupabase } from "@/lib/supabase";
import { Constants, type Enums, type Tables } from "@/types/database";
import { containsPattern } from "@/lib/staff/contains-pattern";
import { subscriberKeys } from "./query-keys";

export type SubscriberStatus = Enums<"newsletter_status">;
export const subscriberStatuses = Constants.public.Enums.newsletter_status;

export type Subscriber = Pick<
  Tables<"newsletter_subscribers">,
  "id" | "email" | "language" | "status" | "created_at" | "confirmed_at" | "unsubscribed_at"
>;

const subscriberColumns = "id, email, language, status, created_at, confirmed_at, unsubscribed_at";

export interface SubscriberFilter {
  status: SubscriberStatus | "all";
  /** Part of an e-mail address, as typed. */
  search: string;
  /** From 1. */
  page: number;
}

export const subscribersPageSize = 50;

/** One page of sign-ups, newest first, with how many match the filter. */
export async function getSubscribers({ status, search, page }: SubscriberFilter) {
  const supabase = await getSupabase();
  let query = supabase.from("newsletter_subscribers").select(subscriberColumns, { count: "exact" });
  if (status !== "all") query = query.eq("status", status);
  if (search.trim()) query = query.ilike("email", containsPattern(search.trim()));
  const from = (page - 1) * subscribersPageSize;
  const { data, count, error } = await query
    .order("created_at", { ascending: false })
    .order("id", { ascending: true })
    .range(from, from + subscribersPageSize - 1);
  if (error) throw error;
  return { subscribers: data, total: count ?? data.length };
}

/** How many sign-ups are in each status. */
export async function getSubscriberCounts(): Promise<Record<SubscriberStatus, number>> {
  const supabase = await getSupabase();
  const counts = await Promise.all(
    subscriberStatuses.map(async (status) => {
      const { count, error } = await supabase
        .from("newsletter_subscribers")
        .select("id", { count: "exact", head: true })
        .eq("status", status);
      if (error) throw error;
      return [status, count ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<SubscriberStatus, number>;
}

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

export function useSubscribers(filter: SubscriberFilter) {
  return useQuery(
    queryOptions({
      queryKey: subscriberKeys.list(filter),
      queryFn: () => getSubscribers(filter),
      // The table keeps its rows while the next page or search loads: no jump.
      placeholderData: keepPreviousData,
    }),
  );
}

export function useSubscriberCounts() {
  return useQuery({
    queryKey: subscriberKeys.counts(),
    queryFn: getSubscriberCounts,
  });
}
