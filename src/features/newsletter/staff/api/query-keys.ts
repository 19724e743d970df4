import { queryRoots } from "@/lib/query-keys";

/** The staff's reads of subscribers (visitors only sign up and follow links). */
export const subscriberKeys = {
  all: () => [...queryRoots.staff, "subscribers"] as const,
  list: (filter: unknown) => [...subscriberKeys.all(), "list", filter] as const,
  counts: () => [...subscriberKeys.all(), "counts"] as const,
};
