import { queryOptions, useQuery } from "@tanstack/react-query";
import { agencyHours } from "@shared/agency-hours.ts";
import { overviewWeeks } from "@/lib/staff/overview-period";
import { getSupabase } from "@/lib/supabase";
import type { Database } from "@/types/database";
import type { SendResult } from "../lib/send-state";
import { newsletterSendResultsQuery } from "./get-newsletter-send-results";
import { subscriberKeys } from "./query-keys";

/** One week of `overview_newsletter_per_week`: its sign-ups, leavers and confirmed total. */
export type NewsletterWeek =
  Database["public"]["Functions"]["overview_newsletter_per_week"]["Returns"][number];

export interface NewsletterWeeks {
  /** Confirmed subscribers when the first of the weeks began. */
  startTotal: number;
  weeks: NewsletterWeek[];
}

/** The latest sends the Overview lists. */
export const latestSendsCount = 5;

/** The newsletter's last weeks in the agency's time zone, oldest first. */
export async function getNewsletterWeeks(): Promise<NewsletterWeeks> {
  const supabase = await getSupabase();
  // One week more than charted: its end is where the charted weeks start from.
  const { data, error } = await supabase.rpc("overview_newsletter_per_week", {
    time_zone: agencyHours.timeZone,
    weeks: overviewWeeks + 1,
  });
  if (error) throw error;
  const [before, ...weeks] = data;
  return { startTotal: before?.confirmed_total ?? 0, weeks };
}

export function newsletterWeeksQuery() {
  return queryOptions({
    queryKey: subscriberKeys.perWeek(agencyHours.timeZone, overviewWeeks),
    queryFn: getNewsletterWeeks,
  });
}

export function useNewsletterWeeks() {
  return useQuery(newsletterWeeksQuery());
}

/** The latest sends that have started, newest first: those with results to show. */
export function latestSends(sends: readonly SendResult[]): SendResult[] {
  return sends.filter((send) => send.started_at !== null).slice(0, latestSendsCount);
}

/** The Sends table's read (`newsletter_send_results()`, shared in the cache), cut to the latest. */
export function useLatestSends() {
  return useQuery({ ...newsletterSendResultsQuery(null), select: latestSends });
}
