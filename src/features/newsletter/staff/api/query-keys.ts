import { queryRoots } from "@/lib/query-keys";

/** The staff's reads of subscribers (visitors only sign up and follow links). */
export const subscriberKeys = {
  all: () => [...queryRoots.staff, "subscribers"] as const,
  page: (filter: unknown) => [...subscriberKeys.all(), "page", filter] as const,
  counts: (filter: unknown) => [...subscriberKeys.all(), "counts", filter] as const,
};
