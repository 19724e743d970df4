import { useQuery } from "@tanstack/react-query";
import { agencyHours, replyPromise } from "@shared/agency-hours.ts";
import { overviewWeeks } from "@/lib/staff/overview-period";
import { getSupabase } from "@/lib/supabase";
import type { Database } from "@/types/database";
import { leadKeys } from "./query-keys";

type Functions = Database["public"]["Functions"];
type Row<Name extends keyof Functions> = Functions[Name]["Returns"] extends (infer Item)[]
  ? Item
  : never;
// The generated rows say every column is set; these may be null.
type WithNulls<Item, Column extends keyof Item> = Omit<Item, Column> & {
  [Name in Column]: Item[Name] | null;
};

/** One week × source × language of `overview_leads_per_week`, zeros included. */
export type LeadsWeekRow = Row<"overview_leads_per_week">;
export type LeadFunnel = Row<"overview_lead_funnel">;
/**
 * One arrival week of `overview_reply_times`, or with `week_start` null the whole range; the
 * hours are null when none of its leads was replied to.
 */
export type ReplyTimesRow = WithNulls<
  Row<"overview_reply_times">,
  "week_start" | "median_hours" | "p90_hours" | "mean_hours"
>;
/** A lead of `overview_waiting_leads`; its company is optional. */
export type WaitingLead = WithNulls<Row<"overview_waiting_leads">, "company">;

export interface ReplyTimes {
  weeks: ReplyTimesRow[];
  /** The whole range at once. */
  total: ReplyTimesRow;
}

export interface WaitingLeads {
  /** The oldest first. */
  leads: WaitingLead[];
  /** Every lead waiting, not only those listed. */
  total: number;
}

/** The waiting leads the Overview lists; the Leads section has the rest. */
export const waitingLeadsShown = 10;

// The agency's clock, as the database functions take it.
const businessHours = {
  time_zone: agencyHours.timeZone,
  opens: agencyHours.opens,
  closes: agencyHours.closes,
};

/** Leads per week, source and language for the last `overviewWeeks` weeks, oldest first. */
export async function getLeadsPerWeek(): Promise<LeadsWeekRow[]> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .rpc("overview_leads_per_week", { time_zone: agencyHours.timeZone, weeks: overviewWeeks })
    .throwOnError();
  return data;
}

/** Of the leads that arrived in [since, until): how many, and how many are contacted, qualified. */
export async function getLeadFunnel(since: Date, until: Date): Promise<LeadFunnel> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .rpc("overview_lead_funnel", { since: since.toISOString(), until: until.toISOString() })
    .throwOnError();
  return data[0]!;
}

/** Times to first reply in business hours of the leads that arrived in [since, until). */
export async function getReplyTimes(since: Date, until: Date): Promise<ReplyTimes> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .rpc("overview_reply_times", {
      since: since.toISOString(),
      until: until.toISOString(),
      ...businessHours,
      promise_hours: replyPromise.withinHours,
    })
    .throwOnError();
  return {
    weeks: data.filter((row) => row.week_start !== null),
    total: data.find((row) => row.week_start === null)!,
  };
}

/** New leads past the promise (in business hours), the oldest first. */
export async function getWaitingLeads(): Promise<WaitingLeads> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .rpc("overview_waiting_leads", {
      ...businessHours,
      threshold_hours: replyPromise.withinHours,
      max_rows: waitingLeadsShown,
    })
    .throwOnError();
  return { leads: data, total: data[0]?.total ?? 0 };
}

export function useLeadsPerWeek() {
  return useQuery({
    queryKey: leadKeys.perWeek(agencyHours.timeZone, overviewWeeks),
    queryFn: getLeadsPerWeek,
  });
}

export function useLeadFunnel(since: Date, until: Date) {
  return useQuery({
    queryKey: leadKeys.funnel(since.toISOString(), until.toISOString()),
    queryFn: () => getLeadFunnel(since, until),
  });
}

export function useReplyTimes(since: Date, until: Date) {
  return useQuery({
    queryKey: leadKeys.replyTimes(since.toISOString(), until.toISOString(), businessHours),
    queryFn: () => getReplyTimes(since, until),
  });
}

export function useWaitingLeads() {
  return useQuery({
    queryKey: leadKeys.waiting(businessHours, waitingLeadsShown),
    queryFn: getWaitingLeads,
  });
}
