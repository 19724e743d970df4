// How the agency was told about a lead, in the inbox's words (decision 5): the lead's
// notification decision and, once written, the e-mail that carries it.
import type { Lead } from "../api/get-leads";
import type { LeadEmail, LeadNotificationHealth } from "../api/get-lead-delivery";
import { formatDateTime, plural } from "@/lib/staff/format";

export type DeliveryTone = "sent" | "waiting" | "failing" | "none";

export interface DeliveryState {
  tone: DeliveryTone;
  text: string;
}

/** Past this, the inbox warns that lead e-mails are failing. */
const NOTIFICATIONS_FAILING_AFTER_MS = 15 * 60 * 1000;

function attemptsNote(email: LeadEmail): string {
  return email.attempts > 1 ? ` after ${email.attempts} attempts` : "";
}

export function leadDelivery(
  lead: Pick<Lead, "notification" | "notified_at">,
  email: LeadEmail | null,
): DeliveryState {
  if (lead.notification === "repeat") {
    return {
      tone: "none",
      text: "Not e-mailed again: the same address sent a lead in the 24 hours before.",
    };
  }
  if (lead.notification === "pending") {
    return { tone: "waiting", text: "Waiting to be e-mailed to the agency." };
  }
  if (lead.notification === "held") {
    return {
      tone: "waiting",
      text: "Waiting for the next digest: many leads arrived at once, they are e-mailed together.",
    };
  }
  const sentAs = lead.notification === "in_digest" ? "Sent in a digest" : "E-mailed to the agency";
  if (email?.sent_at) {
    return {
      tone: "sent",
      text: `${sentAs} · ${formatDateTime(email.sent_at)}${attemptsNote(email)}`,
    };
  }
  // Leads notified before e-mails were recorded one by one carry only their date.
  if (!email && lead.notified_at) {
    return { tone: "sent", text: `${sentAs} · ${formatDateTime(lead.notified_at)}` };
  }
  if (email?.last_error) {
    return {
      tone: "failing",
      text: `Retrying (${email.attempts} ${email.attempts === 1 ? "attempt" : "attempts"} so far, next ${formatDateTime(email.next_attempt_at)}). Last error: ${email.last_error}`,
    };
  }
  return { tone: "waiting", text: "Being e-mailed to the agency." };
}

/** The inbox's warning, or null while lead e-mails flow. */
export function notificationsWarning(
  health: LeadNotificationHealth | undefined,
  now = Date.now(),
): { title: string; detail: string } | null {
  if (!health?.oldest_waiting_since || health.waiting === 0) return null;
  const waitingMs = now - Date.parse(health.oldest_waiting_since);
  if (waitingMs <= NOTIFICATIONS_FAILING_AFTER_MS) return null;
  const minutes = plural(Math.floor(waitingMs / 60_000), "minute", "minutes");
  const waiting =
    health.waiting === 1
      ? `1 lead has waited ${minutes} for its e-mail to the agency.`
      : `${plural(health.waiting, "lead", "leads")} are waiting for their e-mail to the agency, the oldest for ${minutes}.`;
  const cause = health.last_error
    ? `Last error${health.last_failed_at ? ` (${formatDateTime(health.last_failed_at)})` : ""}: ${health.last_error}`
    : "No attempt has failed: the schedule that sends them may not be running.";
  return {
    title: "Lead e-mails are not going out",
    detail: `${waiting} ${cause} Every lead is still here in the inbox.`,
  };
}
