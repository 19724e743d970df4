import { queryRoots } from "@/lib/query-keys";

/** The Team section's reads (Administrators only). */
export const teamKeys = {
  all: () => [...queryRoots.staff, "team"] as const,
  members: () => [...teamKeys.all(), "members"] as const,
  twoFactorRequired: () => [...teamKeys.all(), "two-factor-required"] as const,
  audit: () => [...teamKeys.all(), "audit"] as const,
};
