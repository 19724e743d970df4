import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import type { Database, Tables } from "@/types/database";
import { leadKeys } from "./query-keys";

export type LeadEmail = Pick<
  Tables<"lead_emails">,
  "id" | "kind" | "attempts" | "sent_at" | "last_error" | "last_failed_at" | "next_attempt_at"
>;

export type LeadNotificationHealth =
  Database["public"]["Functions"]["lead_notification_health"]["Returns"][number];

/** The e-mail that tells the agency about a lead (its own or its digest), if one was written. */
export async function getLeadEmail(emailId: string): Promise<LeadEmail | null> {
  const supabase = await getSupabase();
  const { data } = await supabase
    .from("lead_emails")
    .select("id, kind, attempts, sent_at, last_error, last_failed_at, next_attempt_at")
    .eq("id", emailId)
    .maybeSingle()
    .throwOnError();
  return data;
}

/** How many leads still wait for their e-mail, since when, and the provider's last error. */
export async function getLeadNotificationHealth(): Promise<LeadNotificationHealth> {
  const supabase = await getSupabase();
  const { data } = await supabase.rpc("lead_notification_health").throwOnError();
  return data[0]!;
}

export function useLeadEmail(emailId: string | null) {
  return useQuery({
    queryKey: leadKeys.email(emailId),
    queryFn: () => getLeadEmail(emailId!),
    enabled: emailId !== null,
  });
}

/** Read again every minute: the banner appears while staff keep the inbox open. */
export function useLeadNotificationHealth() {
  return useQuery({
    queryKey: leadKeys.notificationHealth(),
    queryFn: getLeadNotificationHealth,
    refetchInterval: 60_000,
  });
}
