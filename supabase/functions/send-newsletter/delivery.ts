// Sends the batches of running sends: claims the next due batch (a lease the database gives
// back if this run dies), posts it to Resend, and records each recipient's result, or gives the
// batch back with the error for a later try. Requests are paced at the provider's rate limit,
// and the run stops claiming once its time is up (the schedule calls again).
import { callDatabaseFunction, type Database } from "../_shared/database.ts";
import type { ResendAccount } from "../_shared/email.ts";
import type { FunctionContext } from "../_shared/types.ts";
import { recipientEmail, type Recipient } from "./recipient-email.ts";
import { sendBatch } from "./resend-batch.ts";

export interface Delivery {
  ctx: FunctionContext;
  database: Database;
  resend: ResendAccount;
  /** SUPABASE_URL, for each recipient's one-click unsubscribe. */
  projectUrl: string;
  requestsPerSecond: number;
  /** When the run stops claiming (a time in ms). */
  deadline: number;
}

interface ClaimedBatch {
  batch_id: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  recipients: Recipient[];
}

export interface DeliveryCount {
  batches: number;
  emails: number;
}

/** Long enough for one request and its answer to be recorded. */
const LEASE_SECONDS = 60;
/** Failed requests in a row that end the run: the provider is down, the next run tries again. */
const FAILURES_BEFORE_STOPPING = 3;

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function deliverBatch(delivery: Delivery, batch: ClaimedBatch) {
  const { ctx, database } = delivery;
  const emails = batch.recipients.map((recipient) =>
    recipientEmail(batch, recipient, delivery.projectUrl),
  );
  const outcome = await sendBatch(ctx, delivery.resend, batch.batch_id, batch.recipients, emails);
  if (outcome.kind === "answered") {
    await callDatabaseFunction(ctx, database, "record_newsletter_batch", {
      batch_id: batch.batch_id,
      results: outcome.results,
    });
  } else {
    await callDatabaseFunction(ctx, database, "release_newsletter_batch", {
      batch_id: batch.batch_id,
      error: outcome.error,
      retry_after_seconds: outcome.retryAfterSeconds,
      rate_limited: outcome.rateLimited,
    });
  }
  return outcome;
}

export async function deliverBatches(delivery: Delivery): Promise<DeliveryCount> {
  const count: DeliveryCount = { batches: 0, emails: 0 };
  const interval = 1000 / delivery.requestsPerSecond;
  let nextRequestAt = 0;
  let failuresInARow = 0;
  while (Date.now() < delivery.deadline) {
    const wait = nextRequestAt - Date.now();
    if (wait > 0) {
      if (Date.now() + wait >= delivery.deadline) break;
      await pause(wait);
    }
    const batch = (await callDatabaseFunction(
      delivery.ctx,
      delivery.database,
      "claim_newsletter_batch",
      { lease_seconds: LEASE_SECONDS },
    )) as ClaimedBatch | null;
    if (!batch) break;
    nextRequestAt = Date.now() + interval;
    const outcome = await deliverBatch(delivery, batch);
    if (outcome.kind === "answered") {
      failuresInARow = 0;
      count.batches++;
      count.emails += outcome.results.filter((result) => "provider_id" in result).length;
    } else if (outcome.rateLimited) {
      nextRequestAt = Math.max(nextRequestAt, Date.now() + (outcome.retryAfterSeconds ?? 1) * 1000);
    } else if (++failuresInARow >= FAILURES_BEFORE_STOPPING) {
      break;
    }
  }
  return count;
}
