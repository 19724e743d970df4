import { queryRoots } from "@/lib/query-keys";

/** Reads every staff feature shares (under the staff root: dropped when the session ends). */
export const sharedStaffKeys = {
  /** Every joined member's current name and e-mail (`staff_directory()`). */
  directory: () => [...queryRoots.staff, "directory"] as const,
};
