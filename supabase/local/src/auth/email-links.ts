// The one-time tokens of Auth's e-mails, as GoTrue makes and checks them: a six-digit code, and
// in the database only its hash, SHA-224 of the address and the code (the `token_hash` a link
// carries). One token per kind per user; a new e-mail replaces it, using it ends it.
import crypto from "node:crypto";
import type { Queryable } from "../db.ts";
import { AuthError } from "../errors.ts";
import { findUserById, type UserRow } from "./users.ts";

/** GoTrue's default [auth.email] otp_length. */
const OTP_DIGITS = 6;

export interface EmailToken {
  /** The code itself (the e-mail's {{ .Token }}). */
  otp: string;
  /** What the database keeps and links carry (the e-mail's {{ .TokenHash }}). */
  tokenHash: string;
}

export function newEmailToken(email: string): EmailToken {
  const otp = String(crypto.randomInt(10 ** OTP_DIGITS)).padStart(OTP_DIGITS, "0");
  return { otp, tokenHash: emailTokenHash(email, otp) };
}

export const emailTokenHash = (email: string, otp: string) =>
  crypto
    .createHash("sha224")
    .update(email + otp)
    .digest("hex");

/** Confirmation tokens serve invitations and sign-up; recovery tokens, recovery and magic links. */
export type TokenKind = "confirmation" | "recovery";

export async function storeEmailToken(
  database: Queryable,
  userId: string,
  kind: TokenKind,
  tokenHash: string,
  { invited = false } = {},
): Promise<void> {
  const invitedAt = invited ? ", invited_at = now()" : "";
  await database.query(
    `update auth.users set ${kind}_token = $2, ${kind}_sent_at = now()${invitedAt} where id = $1::uuid`,
    [userId, tokenHash],
  );
}

/**
 * GoTrue's per-user limit ([auth.email] max_frequency) on e-mails of a kind: 429
 * over_email_send_rate_limit until the time since the last one has passed.
 */
export function checkSendFrequency(user: UserRow, kind: TokenKind, maxFrequencySeconds: number) {
  const sentAt = user[`${kind}_sent_at`];
  if (!sentAt) return;
  const readyAt = Date.parse(sentAt) + maxFrequencySeconds * 1000;
  if (readyAt > Date.now()) {
    const seconds = Math.floor((readyAt - Date.now()) / 1000);
    throw new AuthError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${seconds} seconds.`,
    );
  }
}

export const linkExpired = () =>
  new AuthError(403, "otp_expired", "Email link is invalid or has expired");

/** The user whose token of `kinds` has this hash, and which kind it was; null if none. */
export async function findUserByEmailToken(
  database: Queryable,
  tokenHash: string,
  kinds: TokenKind[],
): Promise<{ user: UserRow; kind: TokenKind } | null> {
  for (const kind of kinds) {
    const found = await database.query<{ id: string }>(
      `select id::text as id from auth.users
       where ${kind}_token = $1 and $1 <> '' and deleted_at is null for update`,
      [tokenHash],
    );
    const id = found.rows[0]?.id;
    if (id) return { user: (await findUserById(database, id))!, kind };
  }
  return null;
}

export function tokenExpired(user: UserRow, kind: TokenKind, otpExpirySeconds: number): boolean {
  const sentAt = user[`${kind}_sent_at`];
  return !sentAt || Date.now() > Date.parse(sentAt) + otpExpirySeconds * 1000;
}

/** Using a token ends every e-mailed token of the user (GoTrue's ClearAllOneTimeTokensForUser). */
export async function clearEmailTokens(database: Queryable, userId: string): Promise<void> {
  await database.query(
    `update auth.users set confirmation_token = '', recovery_token = '' where id = $1::uuid`,
    [userId],
  );
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** GoTrue's validateEmail: the address in lower case, or 400 validation_failed. */
export function validateEmail(value: unknown): string {
  const email = typeof value === "string" ? value.trim() : "";
  if (!email) throw new AuthError(400, "validation_failed", "An email address is required");
  if (email.length > 255) {
    throw new AuthError(400, "validation_failed", "An email address is too long");
  }
  if (!EMAIL.test(email)) {
    throw new AuthError(
      400,
      "validation_failed",
      "Unable to validate email address: invalid format",
    );
  }
  return email.toLowerCase();
}
