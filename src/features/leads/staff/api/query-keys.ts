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
};
