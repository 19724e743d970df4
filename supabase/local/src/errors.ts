// The two error shapes the API answers with. Routes throw them; app.onError turns them into
// responses (see error-handler.ts).

export interface ApiErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

/** PostgREST's error (also used for the API-key checks in front of /rest and /functions). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ApiErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** Supabase Auth's (GoTrue's) error: `code` is its error_code, e.g. "invalid_credentials". */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** GoTrue's refusal of a weak password: 422 weak_password, its body naming why (`reasons`). */
export class WeakPasswordError extends AuthError {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(422, "weak_password", message);
  }
}

export function statusForSqlState(code: string, role: string): number {
  if (code === "23503" || code === "23505") return 409;
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "42P01" || code === "42883") return 404;
  if (code === "25006") return 405;
  if (code === "53400") return 500;
  if (code.startsWith("08") || code.startsWith("53") || code === "57P01") return 503;
  if (code.startsWith("28") || code.startsWith("0L") || code.startsWith("0P")) return 403;
  if (code === "P0001") return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === "42P17") return 500;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  return 400;
}

interface PgErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgErrorLike & Error {
  return (
    !!error &&
    typeof error === "object" &&
    typeof (error as PgErrorLike).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as PgErrorLike).code!)
  );
}

export function fromPgError(error: PgErrorLike, role: string): ApiError {
  const code = error.code ?? "XX000";
  return new ApiError(
    statusForSqlState(code, role),
    code,
    error.message ?? "Database error",
    error.detail ?? null,
    error.hint ?? null,
  );
}
