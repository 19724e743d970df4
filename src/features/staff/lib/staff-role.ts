/** The claim the access policies check (docs/ARCHITECTURE.md, decision 1). */
export const staffRole = "admin";

/** localStorage hint kept next to the real session check, never as the guard. */
export const staffFlagKey = "admin_authenticated";

interface UserLike {
  app_metadata?: Record<string, unknown> | null;
}

/** Whether a Supabase Auth user carries the staff role in app_metadata (only the service role can set it). */
export function isStaffUser(user: UserLike | null | undefined): boolean {
  return user?.app_metadata?.role === staffRole;
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
