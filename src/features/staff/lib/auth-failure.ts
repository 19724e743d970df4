/** An error as supabase-js's Auth client reports it (AuthApiError and its kin), or a fetch's. */
interface AuthErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  reasons?: unknown;
}

/** What went wrong with a call to Supabase Auth, in the words the staff forms answer with. */
export type AuthFailure =
  /** The server could not be reached (offline, a gateway's 502–504): worth a retry. */
  | "network"
  | "rate-limit"
  | "same-password"
  | "weak-password"
  /** The account has a verified factor and the session has not given it yet (aal1). */
  | "insufficient-aal"
  | "wrong-code"
  /** Too many wrong codes for the member (the MFA verification attempt hook): signed out. */
  | "codes-refused"
  /** An e-mail link that expired or was used already. */
  | "expired-link"
  | "session-ended"
  | "other";

const codes: Record<string, AuthFailure> = {
  over_request_rate_limit: "rate-limit",
  over_email_send_rate_limit: "rate-limit",
  same_password: "same-password",
  weak_password: "weak-password",
  insufficient_aal: "insufficient-aal",
  mfa_verification_failed: "wrong-code",
  mfa_challenge_expired: "wrong-code",
  mfa_verification_rejected: "codes-refused",
  otp_expired: "expired-link",
  flow_state_expired: "expired-link",
  session_not_found: "session-ended",
  session_expired: "session-ended",
  refresh_token_not_found: "session-ended",
  user_not_found: "session-ended",
  bad_jwt: "session-ended",
};

/** Sorts a failed Auth call by what the person can do about it. */
export function authFailure(error: unknown): AuthFailure {
  const { name, message = "", status, code } = (error ?? {}) as AuthErrorLike;
  if (
    error instanceof TypeError ||
    name === "AuthRetryableFetchError" ||
    /failed to fetch|network/i.test(message)
  ) {
    return "network";
  }
  if (name === "AuthWeakPasswordError") return "weak-password";
  if (name === "AuthSessionMissingError") return "session-ended";
  const known = code === undefined ? undefined : codes[code];
  if (known) return known;
  if (status === 429) return "rate-limit";
  // Older Auth servers answer an expired or used e-mail link without a code.
  if (status === 403 && /expired|invalid/i.test(message)) return "expired-link";
  return "other";
}

/** Why Auth found a password weak (`AuthWeakPasswordError.reasons`): length, characters, pwned. */
export function weakPasswordReasons(error: unknown): string[] {
  const { reasons } = (error ?? {}) as AuthErrorLike;
  return Array.isArray(reasons) ? reasons.filter((reason) => typeof reason === "string") : [];
}
