// E-mail as the functions send it: through Resend's HTTP API (RESEND_API_URL; locally the
// stack's stand-in), with every header value made safe to show and every HTML value escaped.
import { HttpError } from "./http-error.ts";
import type { FunctionContext, FunctionEnv } from "./types.ts";

export const RESEND_API_URL = "https://api.resend.com/emails";
const UPSTREAM_TIMEOUT_MS = 10_000;
const SUBJECT_MAX_LENGTH = 250;

export interface OutgoingEmail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * Resend's Idempotency-Key: the same key sent again within 24 hours is answered without a
   * second delivery, so a send repeated after a crash mails nobody twice.
   */
  idempotencyKey?: string;
}

export interface ResendAccount {
  apiKey: string;
  apiUrl: string;
}

export function readResendAccount(env: FunctionEnv): ResendAccount {
  const apiKey = env.get("RESEND_API_KEY")?.trim();
  if (!apiKey) throw new HttpError(500, "No e-mail provider configured.");
  return { apiKey, apiUrl: env.get("RESEND_API_URL")?.trim() || RESEND_API_URL };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * A value fit for a header line: line breaks become spaces and every other control or format
 * character goes, the bidirectional overrides and isolates among them, which would otherwise
 * reverse the rest of a subject in the reader's inbox.
 */
export function headerText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, " ")
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .trim();
}

export function subjectLine(value: string): string {
  return headerText(value).slice(0, SUBJECT_MAX_LENGTH);
}

/** Resend's name for a key already used for another payload: that e-mail went out before. */
const KEY_ALREADY_USED = "invalid_idempotent_request";

async function errorName(response: Response): Promise<string | undefined> {
  try {
    return ((await response.json()) as { name?: unknown }).name?.toString();
  } catch {
    return undefined;
  }
}

/** Resend's retry-after header: whole seconds, or null without one. */
export function retryAfterSeconds(response: Response): number | null {
  const seconds = Number.parseInt(response.headers.get("retry-after") ?? "", 10);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * A 429 is tried again after its retry-after (at most RATE_LIMIT_WAIT_MAX_SECONDS), up to
 * RATE_LIMIT_TRIES times in all: Resend's rate limit is per team, so a newsletter going out at
 * that rate can meet a lead's or a confirmation's e-mail in the same second.
 */
const RATE_LIMIT_TRIES = 3;
const RATE_LIMIT_WAIT_MAX_SECONDS = 2;

function post(ctx: FunctionContext, resend: ResendAccount, mail: OutgoingEmail): Promise<Response> {
  return ctx.fetch(resend.apiUrl, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${resend.apiKey}`,
      "Content-Type": "application/json",
      ...(mail.idempotencyKey ? { "Idempotency-Key": mail.idempotencyKey } : {}),
    },
    body: JSON.stringify({
      from: headerText(mail.from),
      to: mail.to.map(headerText),
      subject: subjectLine(mail.subject),
      html: mail.html,
      text: mail.text,
      reply_to: mail.replyTo === undefined ? undefined : headerText(mail.replyTo),
      headers: mail.headers,
    }),
    signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
  });
}

/** Sends through Resend's API; a failure is a 502 for the caller. */
export async function sendWithResend(
  ctx: FunctionContext,
  resend: ResendAccount,
  mail: OutgoingEmail,
): Promise<void> {
  let response: Response;
  for (let tries = 1; ; tries++) {
    try {
      response = await post(ctx, resend, mail);
    } catch {
      throw new HttpError(502, "The e-mail provider could not be reached.");
    }
    if (response.status !== 429 || tries === RATE_LIMIT_TRIES) break;
    await response.body?.cancel();
    const wait = Math.min(retryAfterSeconds(response) ?? 1, RATE_LIMIT_WAIT_MAX_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
  if (response.ok) {
    // The answer's body is not needed; cancelling it frees the connection.
    await response.body?.cancel();
    return;
  }
  const name = await errorName(response);
  if (response.status === 409 && name === KEY_ALREADY_USED && mail.idempotencyKey) return;
  throw new HttpError(
    502,
    `The e-mail provider refused the message (${response.status}${name ? ` ${name}` : ""}).`,
  );
}
