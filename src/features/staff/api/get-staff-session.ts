import { useSyncExternalStore } from "react";
import { getSupabase, type AppSupabaseClient } from "@/lib/supabase";
import { isStaffUser, readStaffFlag, writeStaffFlag, type StaffAccess } from "../lib/staff-role";

export type StaffSession =
  | { status: "loading" }
  /** `notice` explains why a staff member is back at the login form (session ended). */
  | { status: "signed-out"; notice?: string }
  | ({ status: "staff" } & StaffAccess);

export const sessionEndedNotice = "Your session has ended. Please sign in again.";

const loading: StaffSession = { status: "loading" };
let current: StaffSession = loading;
let started = false;
const listeners = new Set<() => void>();

export function setStaffSession(next: StaffSession): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * The staff member's e-mail from the access token's claims, which getClaims verifies (an
 * asymmetric token against the project's JWKS, a legacy one by asking Supabase Auth): never
 * from the copy of the session in local storage, which anyone can edit. Then their role and its
 * permissions as the database grants them (public.my_staff_access(), the policies' own source).
 * Null when the token is not a staff member's or does not verify.
 */
export async function verifiedStaffAccess(
  supabase: AppSupabaseClient,
  accessToken?: string,
): Promise<StaffAccess | null> {
  const { data, error } = await supabase.auth.getClaims(accessToken);
  if (error || !data || !isStaffUser(data.claims)) return null;
  const access = await supabase.rpc("my_staff_access").maybeSingle();
  if (access.error) throw access.error;
  if (!access.data) return null;
  return { email: data.claims.email ?? "", ...access.data };
}

function endSession(): void {
  writeStaffFlag(false);
  setStaffSession({ status: "signed-out", notice: sessionEndedNotice });
}

/** A refreshed or updated session keeps staff access only while its claims still carry the role. */
async function recheck(supabase: AppSupabaseClient, accessToken: string): Promise<void> {
  let access: StaffAccess | null;
  try {
    access = await verifiedStaffAccess(supabase, accessToken);
  } catch {
    // The permissions could not be read (the network, say): keep what the session had; the
    // database checks every request anyway, and the next refresh asks again.
    return;
  }
  if (current.status !== "staff") return;
  if (access === null) endSession();
  else setStaffSession({ status: "staff", ...access });
}

/**
 * Reads the persisted session once and follows it afterwards. supabase-js refreshes the token
 * on its own; when that fails or the session ends elsewhere it reports SIGNED_OUT.
 */
async function start(): Promise<void> {
  try {
    const supabase = await getSupabase();
    supabase.auth.onAuthStateChange((event, session) => {
      if (event === "SIGNED_OUT" || !session) {
        if (current.status === "staff") endSession();
        return;
      }
      if (current.status === "staff" && (event === "TOKEN_REFRESHED" || event === "USER_UPDATED")) {
        // Later, not here: auth-js runs its listeners while it holds its lock.
        setTimeout(() => void recheck(supabase, session.access_token));
      }
    });
    const { data, error } = await supabase.auth.getSession();
    if (current.status !== "loading") return;
    const flagged = readStaffFlag();
    const access = !error && data.session && flagged ? await verifiedStaffAccess(supabase) : null;
    if (current.status !== "loading") return;
    if (access !== null) {
      setStaffSession({ status: "staff", ...access });
    } else {
      // The flag without a usable session: it expired or could not be refreshed meanwhile.
      if (flagged) writeStaffFlag(false);
      setStaffSession({ status: "signed-out", notice: flagged ? sessionEndedNotice : undefined });
    }
  } catch {
    if (current.status === "loading") setStaffSession({ status: "signed-out" });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!started) {
    started = true;
    void start();
  }
  return () => listeners.delete(listener);
}

function getSnapshot(): StaffSession {
  return current;
}

function getServerSnapshot(): StaffSession {
  return loading;
}

/** The staff session: loading while it is checked, then signed out or staff. */
export function useStaffSession(): StaffSession {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
