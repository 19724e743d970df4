/** A refusal as supabase-js reports it (PostgREST's error shape). */
export interface DatabaseError {
  code?: string;
  message?: string;
  details?: string;
}

/** A save the database refused, with the form field to blame when there is one. */
export class FieldSaveError<Field extends string> extends Error {
  readonly field: Field | null;
  constructor(message: string, field: Field | null = null) {
    super(message);
    this.field = field;
  }
}

export type CheckMessages<Field extends string> = Record<string, { field: Field; message: string }>;

/** The refusals that name the constraint they broke: a check (23514) and a unique key (23505). */
const constraintViolations = new Set(["23514", "23505"]);

/**
 * The field and the words for a check or unique constraint the refusal names, from a form's
 * table of constraint names; null for any other refusal or an unknown constraint.
 */
export function violatedCheck<Field extends string>(
  error: DatabaseError,
  messages: CheckMessages<Field>,
): { field: Field; message: string } | null {
  if (!constraintViolations.has(error.code ?? "")) return null;
  const text = `${error.message ?? ""} ${error.details ?? ""}`;
  return Object.entries(messages).find(([constraint]) => text.includes(constraint))?.[1] ?? null;
}

/**
 * The error to show for a refused save: a known constraint's words on its field, the words
 * for a known error code, else the database's own message or the form's fallback.
 */
export function toSaveError<Field extends string, Refusal extends FieldSaveError<Field>>(
  Refusal: new (message: string, field?: Field | null) => Refusal,
  error: DatabaseError,
  words: { checks: CheckMessages<Field>; codes: Record<string, string>; fallback: string },
): Refusal {
  const check = violatedCheck(error, words.checks);
  if (check) return new Refusal(check.message, check.field);
  const known = error.code === undefined ? undefined : words.codes[error.code];
  return new Refusal(known ?? (error.message?.trim() || words.fallback));
}
