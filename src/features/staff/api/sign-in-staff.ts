import { useMutation } from "@tanstack/react-query";
import { getSupabase } from "@/lib/supabase";
import { writeStaffFlag } from "../lib/staff-role";
import { setStaffSession, verifiedStaffAccess } from "./get-staff-session";

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
 * Signs in with e-mail and password and keeps the session only for staff (a staff role in
 * app_metadata); anyone else is signed out again.
 */
export async function signInStaff({ email, password }: StaffCredentials): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw new StaffSignInError(signInErrorMessage(error));
  // Access that cannot be read keeps no session: the form says why; nothing is half signed in.
  const access = await verifiedStaffAccess(supabase, data.session.access_token).catch(
    async (reason: unknown) => {
      await supabase.auth.signOut();
      throw new StaffSignInError(signInErrorMessage(reason));
    },
  );
  if (access === null) {
    await supabase.auth.signOut();
    throw new StaffSignInError("This account has no access to the staff area.");
  }
  writeStaffFlag(true);
  setStaffSession({ status: "staff", ...access });
  return access.email;
}

export function useSignInStaff() {
  return useMutation({ mutationFn: signInStaff });
}
