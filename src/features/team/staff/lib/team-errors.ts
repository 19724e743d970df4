/**
 * The words for each refusal of the team's operations: the `staff-team` function's error codes,
 * the database's (`P0001` with a code as its message, `42501`), and what a call that never got
 * an answer shows.
 */
export const teamErrorMessages = {
  already_member: "This address already belongs to a staff member.",
  invalid_email: "Enter a valid e-mail address.",
  invalid_request: "The request was not understood. Reload the page and try again.",
  not_allowed:
    "Only Administrators manage the team, with a two-factor session when it is on. Sign in again and retry.",
  not_found: "This person is no longer on the team. The list has been read again.",
  not_pending: "This invitation has already been accepted or revoked.",
  last_admin: "The team needs at least one Administrator.",
  self: "You cannot do that to your own account.",
  two_factor_first:
    "Turn on two-factor for your own account first (in Profile), then require it for everyone.",
  "42501":
    "Only Administrators manage the team, with a two-factor session when it is on. Sign in again and retry.",
} as const;

export type TeamErrorCode = keyof typeof teamErrorMessages;

export const teamFallbackMessage = "The team could not be changed. Please try again.";

/** A refused team operation: its code (when known) and the words to show for it. */
export class TeamActionError extends Error {
  override name = "TeamActionError";
  readonly code: string | null;
  constructor(message: string, code: string | null = null) {
    super(message);
    this.code = code;
  }
}

function isKnownCode(code: string): code is TeamErrorCode {
  return Object.hasOwn(teamErrorMessages, code);
}

/** A database function's refusal: P0001 carries its code as the message, others their SQLSTATE. */
export function fromDatabaseRefusal(error: {
  code?: string;
  message?: string;
  details?: string;
}): TeamActionError {
  return error.code === "P0001"
    ? toTeamActionError(error.message, error.details || error.message)
    : toTeamActionError(error.code, error.message);
}

/** The error to show for a code (and the server's own message when the code is not known). */
export function toTeamActionError(code: string | null | undefined, message?: string | null) {
  if (code && isKnownCode(code)) return new TeamActionError(teamErrorMessages[code], code);
  return new TeamActionError(message?.trim() || teamFallbackMessage, code ?? null);
}
