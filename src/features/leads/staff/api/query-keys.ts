import { queryRoots } from "@/lib/query-keys";

/** The staff's reads of leads (the public form only writes). */
export const leadKeys = {
  all: () => [...queryRoots.staff, "leads"] as const,
  page: (filter: unknown) => [...leadKeys.all(), "page", filter] as const,
  counts: (filter: unknown) => [...leadKeys.all(), "counts", filter] as const,
  lead: (id: string) => [...leadKeys.all(), "lead", id] as const,
  activity: (leadId: string) => [...leadKeys.all(), "activity", leadId] as const,
  email: (emailId: string | null) => [...leadKeys.all(), "email", emailId] as const,
  notificationHealth: () => [...leadKeys.all(), "notification-health"] as const,
  // The Overview's figures: under all(), so a change of a lead's status reads them again.
  perWeek: (timeZone: string, weeks: number) =>
    [...leadKeys.all(), "overview", "per-week", timeZone, weeks] as const,
  funnel: (since: string, until: string) =>
    [...leadKeys.all(), "overview", "funnel", since, until] as const,
  replyTimes: (since: string, until: string, hours: unknown) =>
    [...leadKeys.all(), "overview", "reply-times", since, until, hours] as const,
  waiting: (hours: unknown, shown: number) =>
    [...leadKeys.all(), "overview", "waiting", hours, shown] as const,
};
