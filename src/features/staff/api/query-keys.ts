import { queryRoots } from "@/lib/query-keys";

export const staffKeys = {
  /** The signed-in staff member's own profile (sign-out drops it with the staff root). */
  ownProfile: () => [...queryRoots.staff, "own-profile"] as const,
  /** The signed-in staff member's second factors (their authenticator app). */
  ownFactors: () => [...queryRoots.staff, "own-factors"] as const,
};
