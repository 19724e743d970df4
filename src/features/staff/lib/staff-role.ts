import type { Enums } from "@/types/database";

export type StaffRole = Enums<"staff_role">;
export type StaffPermission = Enums<"staff_permission">;

/**
 * What the workspace knows of a signed-in staff member: their e-mail (from the verified claims)
 * and what public.my_staff_access() answers. The database's policies are the guard.
 */
export interface StaffAccess {
  email: string;
  role: StaffRole;
  /** What the role grants: the sections the workspace shows. */
  permissions: readonly StaffPermission[];
  /** False while an invitation is pending: not staff yet. */
  joined: boolean;
  /** The team requires two-factor sign-in of every member. */
  two_factor_required: boolean;
  /** The account has a verified second factor (an authenticator app). */
  has_verified_factor: boolean;
}

/** localStorage hint kept next to the real session check, never as the guard. */
export const staffFlagKey = "admin_authenticated";

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
