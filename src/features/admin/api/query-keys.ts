import { queryRoots } from "@/lib/query-keys";

export const adminKeys = {
  leads: () => [...queryRoots.staff, "leads"] as const,
  posts: () => [...queryRoots.staff, "posts"] as const,
  subscribers: () => [...queryRoots.staff, "subscribers"] as const,
};
