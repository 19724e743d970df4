import { queryRoots } from "@/lib/query-keys";

export const adminKeys = {
  leads: () => [...queryRoots.staff, "leads"] as const,
  posts: () => [...queryRoots.staff, "posts"] as const,
  subscribers: () => [...queryRoots.staff, "subscribers"] as const,
  /** The signed-in staff member's own profile (sign-out drops it with the staff root). */
  ownProfile: () => [...queryRoots.staff, "own-profile"] as const,
};
