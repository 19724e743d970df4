import { Constants, type Enums } from "@/types/database";

export type StaffRole = Enums<"staff_role">;
export type StaffPermission = Enums<"staff_permission">;

/** What the workspace knows of a signed-in staff member; the database's policies are the guard. */
export interface StaffAccess {
  email: string;
  role: StaffRole;
  permissions: readonly StaffPermission[];
}

/** localStorage hint kept next to the real session check, never as the guard. */
export const staffFlagKey = "admin_authenticated";

interface UserLike {
  app_metadata?: Record<string, unknown> | null;
}

/**
 * Whether a Supabase Auth user carries a staff role in app_metadata (only the service role can
 * set it), the claim the access policies read (docs/ARCHITECTURE.md, decision 1).
 */
export function isStaffUser(user: UserLike | null | undefined): boolean {
  const role = user?.app_metadata?.role;
  return Constants.public.Enums.staff_role.some((known) => known === role);
}

export function readStaffFlag(): boolean {
  try {
    return globalThis.localStorage?.getItem(staffFlagKey) === "true";
  } catch {
    return false;
  }
}

export function writeStaffFlag(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(staffFlagKey, "true");
    else globalThis.localStorage?.removeItem(staffFlagKey);
  } catch {
    // Storage can be unavailable (private mode); the session check still guards.
  }
}
