// The digest: leads held while more than intake_limits' lead_emails_before_digest arrived in one
// window go out as one e-mail once the window has closed. The function that holds a lead sets a
// background task (EdgeRuntime.waitUntil) for the window's end, one per instance and window;
// every call also sends a digest that is already due, in case the instance that held the leads
// ended before its timer. claim_lead_digest() hands each held lead to exactly one caller.
import { callDatabaseFunction, restRequest, type Database } from "../_shared/database.ts";
import { sendWithResend, type ResendAccount } from "../_shared/email.ts";
import type { FunctionContext } from "../_shared/types.ts";
import { buildDigestEmail, type Addresses } from "./lead-email.ts";
import type { StoredLead } from "./lead.ts";

export interface Notifier {
  ctx: FunctionContext;
  database: Database;
  resend: ResendAccount;
  addresses: Addresses;
}

/** A moment after the window's end, so the database's clock has passed it too. */
const AFTER_WINDOW_MS = 500;

/** The window end this instance already waits for. */
let scheduledFor: string | null = null;

export async function sendDueDigest(notifier: Notifier): Promise<void> {
  const { ctx, database } = notifier;
  const leads = (await callDatabaseFunction(ctx, database, "claim_lead_digest")) as StoredLead[];
  if (leads.length === 0) return;
  try {
    await sendWithResend(ctx, notifier.resend, buildDigestEmail(leads, notifier.addresses));
  } catch (error) {
    // Held again: the next call sends them.
    const ids = leads.map((lead) => lead.id).join(",");
    await restRequest(ctx, database, `leads?id=in.(${ids})`, {
      method: "PATCH",
      body: { notification: "held", notified_at: null },
      prefer: "return=minimal",
    });
    throw error;
  }
}

async function sendDigestWhenDue(notifier: Notifier): Promise<void> {
  const dueAt = (await callDatabaseFunction(
    notifier.ctx,
    notifier.database,
    "lead_digest_due_at",
  )) as string;
  if (scheduledFor === dueAt) return;
  scheduledFor = dueAt;
  const wait = Math.max(0, new Date(dueAt).getTime() - Date.now()) + AFTER_WINDOW_MS;
  await new Promise((resolve) => setTimeout(resolve, wait));
  await sendDueDigest(notifier);
}

export function scheduleDigest(notifier: Notifier): void {
  notifier.ctx.waitUntil(sendDigestWhenDue(notifier));
}
