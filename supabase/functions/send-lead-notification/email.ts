// The agency's e-mail about a lead, built from the stored row with every value HTML-escaped,
// and its delivery through Resend's HTTP API (RESEND_API_URL; locally the stack's stand-in).
import type { FunctionContext } from "../_shared/types.ts";
import { HttpError } from "./http-error.ts";
import type { StoredLead } from "./lead.ts";

export const RESEND_API_URL = "https://api.resend.com/emails";
const UPSTREAM_TIMEOUT_MS = 10_000;

export interface OutgoingEmail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string;
}

export interface ResendAccount {
  apiKey: string;
  apiUrl: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const LABELS: [keyof StoredLead, string][] = [
  ["name", "Name"],
  ["email", "E-mail"],
  ["phone", "Phone"],
  ["company", "Company"],
  ["website", "Website / app link"],
  ["budget", "Monthly budget"],
  ["source", "Form"],
  ["language", "Language"],
  ["created_at", "Received"],
];

export function buildEmail(
  lead: StoredLead,
  address: { from: string; to: string[] },
): OutgoingEmail {
  const present = LABELS.filter(([key]) => lead[key]);
  const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ");
  const rows = present
    .map(
      ([key, label]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0">${escapeHtml(String(lead[key]))}</td></tr>`,
    )
    .join("");
  const message = lead.message
    ? `<h3>Message</h3><p style="white-space:pre-wrap">${escapeHtml(lead.message)}</p>`
    : "";
  const html =
    `<!doctype html><html><body style="font-family:sans-serif">` +
    `<h2>New lead from the website</h2><table>${rows}</table>${message}</body></html>`;
  const text =
    present.map(([key, label]) => `${label}: ${String(lead[key])}`).join("\n") +
    (lead.message ? `\n\nMessage:\n${lead.message}` : "");
  return {
    from: address.from,
    to: address.to,
    subject: oneLine(
      `New lead: ${lead.name}${lead.company ? ` (${lead.company})` : ""} via ${lead.source}`,
    ).slice(0, 250),
    html,
    text,
    replyTo: lead.email,
  };
}

/** Sends through Resend's API; a failure is a 502 for the caller. */
export async function sendWithResend(
  ctx: FunctionContext,
  resend: ResendAccount,
  mail: OutgoingEmail,
): Promise<void> {
  let response: Response;
  try {
    response = await ctx.fetch(resend.apiUrl, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${resend.apiKey}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        reply_to: mail.replyTo,
      }),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    throw new HttpError(502, "The e-mail provider could not be reached.");
  }
  // The answer's body is not needed; cancelling it frees the connection.
  await response.body?.cancel();
  if (!response.ok) {
    throw new HttpError(502, `The e-mail provider refused the message (${response.status}).`);
  }
}
