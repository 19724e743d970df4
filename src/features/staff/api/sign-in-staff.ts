import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { writeStaffFlag } from "../lib/staff-role";
import { resolveStaffSession, setStaffSession, type StaffMemberSession } from "./get-staff-session";

export interface StaffCredentials {
  email: string;
  password: string;
}

interface AuthErrorLike {
  message?: string;
  status?: number;
  code?: string;
}

/** A readable description for a failed sign-in, for the 'Login failed' toast. */
export function signInErrorMessage(error: unknown): string {
  const { message, status, code } = (error ?? {}) as AuthErrorLike;
  if (status === 429 || code === "over_request_rate_limit") {
    return "Too many sign-in attempts. Please wait a few minutes and try again.";
  }
  if (code === "invalid_credentials" || message === "Invalid login credentials") {
    return "Invalid credentials";
  }
  if (code === "email_not_confirmed") return "This e-mail address is not confirmed yet.";
  if (error instanceof TypeError || /failed to fetch|network/i.test(message ?? "")) {
    return "The server could not be reached. Check your connection and try again.";
  }
  return message || "Invalid credentials";
}

export class StaffSignInError extends Error {}

/**
 * Signs in with e-mail and password and keeps the session only for staff (the database's
 * my_staff_access() answers for joined members only); anyone else is signed out again. An
 * account with a verified second factor is left at the code step (status "two-factor"), which
 * the workspace shows before any section.
 */
export async function signInStaff({
  email,
  password,
}: StaffCredentials): Promise<StaffMemberSession> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new StaffSignInError(signInErrorMessage(error));
  // Access that cannot be read keeps no session: the form says why; nothing is half signed in.
  // Only this sign-in's session ends (scope local): the account's sessions elsewhere stay.
  const session = await resolveStaffSession(supabase, data.session.access_token).catch(
    async (reason: unknown) => {
      await supabase.auth.signOut({ scope: "local" });
      throw new StaffSignInError(signInErrorMessage(reason));
    },
  );
  if (session === null) {
    await supabase.auth.signOut({ scope: "local" });
    throw new StaffSignInError("This account has no access to the staff area.");
  }
  // Set at the code step too, so a reload there asks for the code again.
  writeStaffFlag(true);
  setStaffSession(session);
  return session;
}

export function useSignInStaff() {
  return useMutation({ mutationFn: signInStaff });
}
