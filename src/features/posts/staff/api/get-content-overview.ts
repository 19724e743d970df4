import { queryOptions, useQuery } from "@tanstack/react-query";
import { agencyHours } from "@shared/agency-hours.ts";
import { getSupabase } from "@/lib/supabase";
import type { Database, Tables } from "@/types/database";
import { staffPostKeys } from "./query-keys";

/** One month × language of `overview_posts_per_month`: the posts that went live in it. */
export type PostsMonth =
  Database["public"]["Functions"]["overview_posts_per_month"]["Returns"][number];

/** A post that goes live later: published, with a date still to come. */
export type ScheduledPost = Pick<Tables<"blog_posts">, "id" | "title" | "language"> & {
  published_at: string;
};

/** The months the Overview charts: the current one and the 11 before it. */
export const contentOverviewMonths = 12;

/** The scheduled posts the Overview lists. */
export const scheduledNextCount = 5;

/** Posts published per month and language in the agency's time zone, oldest month first. */
export async function getPostsPerMonth(): Promise<PostsMonth[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc("overview_posts_per_month", {
    time_zone: agencyHours.timeZone,
    months: contentOverviewMonths,
  });
  if (error) throw error;
  return data;
}

export function postsPerMonthQuery() {
  return queryOptions({
    queryKey: staffPostKeys.perMonth(agencyHours.timeZone, contentOverviewMonths),
    queryFn: getPostsPerMonth,
  });
}

export function usePostsPerMonth() {
  return useQuery(postsPerMonthQuery());
}

/** The next posts to go live, soonest first. */
export async function getScheduledPosts(): Promise<ScheduledPost[]> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .from("blog_posts")
    .select("id,title,language,published_at")
    .eq("status", "published")
    .gt("published_at", new Date().toISOString())
    .order("published_at", { ascending: true })
    .order("id", { ascending: true })
    .limit(scheduledNextCount)
    .throwOnError();
  // Every row has a date: the filter leaves none without one.
  return data as ScheduledPost[];
}

export function scheduledPostsQuery() {
  return queryOptions({
    queryKey: staffPostKeys.scheduledNext(scheduledNextCount),
    queryFn: getScheduledPosts,
  });
}

export function useScheduledPosts() {
  return useQuery(scheduledPostsQuery());
}
