// Sends the lead e-mails the database has written down (public.lead_emails): claims the ones
// that are due, sends each through Resend with its id as the Idempotency-Key, and records
// what came of it. A failure stays in the database with its error and the time of the next
// try; a crash between sending and recording only means the e-mail is claimed again once its
// lease runs out, and Resend answers the repeated key without delivering it twice.
import { callDatabaseFunction, type Database } from "../_shared/database.ts";
import { sendWithResend, type ResendAccount } from "../_shared/email.ts";
import type { FunctionContext } from "../_shared/types.ts";
import { buildDigestEmail, buildLeadEmail, type Addresses } from "./lead-email.ts";
import type { StoredLead } from "./lead.ts";

export interface Notifier {
  ctx: FunctionContext;
  database: Database;
  resend: ResendAccount;
  addresses: Addresses;
}

interface ClaimedEmail {
  id: string;
  kind: "lead" | "digest";
  leads: StoredLead[];
}

export interface DeliveryCount {
  sent: number;
  failed: number;
}

/** Claimed a few at a time: each claim is a lease of 30 seconds. */
const EMAILS_PER_CLAIM = 5;

const idempotencyKey = (emailId: string) => `lead-email/${emailId}`;

function buildEmail(email: ClaimedEmail, addresses: Addresses) {
  const mail =
    email.kind === "lead"
      ? buildLeadEmail(email.leads[0]!, addresses)
      : buildDigestEmail(email.leads, addresses);
  return { ...mail, idempotencyKey: idempotencyKey(email.id) };
}

async function sendOne(notifier: Notifier, email: ClaimedEmail): Promise<boolean> {
  const { ctx, database } = notifier;
  let failure: string | null = null;
  try {
    await sendWithResend(ctx, notifier.resend, buildEmail(email, notifier.addresses));
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  await callDatabaseFunction(ctx, database, "record_lead_email", { email_id: email.id, failure });
  return failure === null;
}

/**
 * Sends the e-mails that are due, oldest first, until none is left or `deadline` (a time in ms)
 * has passed; with `onlyLeadId`, only that lead's own e-mail.
 */
export async function deliverLeadEmails(
  notifier: Notifier,
  options: { onlyLeadId?: string; deadline: number },
): Promise<DeliveryCount> {
  const count: DeliveryCount = { sent: 0, failed: 0 };
  while (Date.now() < options.deadline) {
    const claimed = (await callDatabaseFunction(
      notifier.ctx,
      notifier.database,
      "claim_lead_emails",
      {
        only_lead_id: options.onlyLeadId ?? null,
        max_emails: EMAILS_PER_CLAIM,
      },
    )) as ClaimedEmail[];
    for (const email of claimed) {
      // Past the deadline the rest stay claimed until their lease ends; the next run takes them.
      if (Date.now() >= options.deadline) return count;
      if (await sendOne(notifier, email)) count.sent++;
      else count.failed++;
    }
    if (claimed.length < EMAILS_PER_CLAIM || options.onlyLeadId) return count;
  }
  return count;
}
