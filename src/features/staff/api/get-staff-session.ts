import { useSyncExternalStore } from "react";
import { getSupabase, type AppSupabaseClient } from "@/lib/supabase";
import { readStaffFlag, writeStaffFlag, type StaffAccess } from "../lib/staff-role";

export type StaffSession =
  | { status: "loading" }
  /** `notice` explains why a staff member is back at the login form (session ended). */
  | { status: "signed-out"; notice?: string }
  /**
   * Signed in with the password (aal1) by an account with a verified second factor: the code
   * comes before any section (the database refuses personal data to such a session anyway).
   */
  | ({ status: "two-factor" } & StaffAccess)
  | ({ status: "staff" } & StaffAccess);

/** A session that belongs to a staff member: in the workspace, or at its code step. */
export type StaffMemberSession = Extract<StaffSession, { status: "two-factor" | "staff" }>;

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
 * from the copy of the session in local storage, which anyone can edit. Then their role, its
 * permissions and their two-factor state as the database has them (public.my_staff_access(),
 * the policies' own source; it answers members only). Null when the token does not verify or
 * is not a joined member's (an invitation still pending is not staff yet).
 * Both are asked at once: the database verifies the token on its own, and a workspace opening
 * from a stored session waits for one round trip instead of two (the JWKS, then the access).
 */
export async function verifiedStaffAccess(
  supabase: AppSupabaseClient,
  accessToken?: string,
): Promise<StaffAccess | null> {
  const [{ data, error }, access] = await Promise.all([
    supabase.auth.getClaims(accessToken),
    supabase.rpc("my_staff_access").maybeSingle(),
  ]);
  if (error || !data) return null;
  if (access.error) throw access.error;
  if (!access.data?.joined) return null;
  return { email: data.claims.email ?? "", ...access.data };
}

/**
 * Whether the session still owes its second factor: Auth says the next level is aal2 and the
 * session is not there (or the database knows of a verified factor the session's copy does not).
 */
async function owesSecondFactor(
  supabase: AppSupabaseClient,
  access: StaffAccess,
): Promise<boolean> {
  const { data, error } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  if (data.currentLevel === "aal2") return false;
  return data.nextLevel === "aal2" || access.has_verified_factor;
}

/**
 * The staff session for the client's current session: in the workspace, at the code step, or
 * null for anyone who is not a joined staff member.
 */
export async function resolveStaffSession(
  supabase: AppSupabaseClient,
  accessToken?: string,
): Promise<StaffMemberSession | null> {
  const access = await verifiedStaffAccess(supabase, accessToken);
  if (access === null) return null;
  const status = (await owesSecondFactor(supabase, access)) ? "two-factor" : "staff";
  return { status, ...access };
}

/**
 * Takes the client's current session into the staff area (after a code, a password reset or an
 * accepted invitation): reads it again, keeps the staff flag and tells every page. A session that
 * is not a staff member's is signed out again.
 */
export async function enterStaffSession(): Promise<StaffMemberSession | null> {
  const supabase = await getSupabase();
  const session = await resolveStaffSession(supabase);
  if (session === null) {
    await supabase.auth.signOut({ scope: "local" });
    writeStaffFlag(false);
    setStaffSession({ status: "signed-out" });
    return null;
  }
  writeStaffFlag(true);
  setStaffSession(session);
  return session;
}

function endSession(): void {
  writeStaffFlag(false);
  setStaffSession({ status: "signed-out", notice: sessionEndedNotice });
}

function isMember(session: StaffSession): session is StaffMemberSession {
  return session.status === "staff" || session.status === "two-factor";
}

/** A refreshed or updated session keeps staff access only while the database still grants it. */
async function recheck(supabase: AppSupabaseClient, accessToken: string): Promise<void> {
  let next: StaffMemberSession | null;
  try {
    next = await resolveStaffSession(supabase, accessToken);
  } catch {
    // The permissions could not be read (the network, say): keep what the session had; the
    // database checks every request anyway, and the next refresh asks again.
    return;
  }
  if (!isMember(current)) return;
  if (next === null) endSession();
  else setStaffSession(next);
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
        if (isMember(current)) endSession();
        return;
      }
      if (isMember(current) && (event === "TOKEN_REFRESHED" || event === "USER_UPDATED")) {
        // Later, not here: auth-js runs its listeners while it holds its lock.
        setTimeout(() => void recheck(supabase, session.access_token));
      }
    });
    const { data, error } = await supabase.auth.getSession();
    if (current.status !== "loading") return;
    const flagged = readStaffFlag();
    const session = !error && data.session && flagged ? await resolveStaffSession(supabase) : null;
    if (current.status !== "loading") return;
    if (session !== null) {
      setStaffSession(session);
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

/** The staff session: loading while it is checked, then signed out, at the code step, or staff. */
export function useStaffSession(): StaffSession {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
