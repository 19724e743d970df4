// One batch through Resend's batch API (POST {RESEND_API_URL}/batch: at most 100 e-mails),
// with the batch's id as the Idempotency-Key and permissive validation (a bad address fails
// alone, not its 99 neighbours), and what its answer means for the batch: recorded (each
// recipient sent with the provider's id, or failed with the reason), or given back to be tried
// again (unreachable, a server error, the rate limit with its retry-after).
import { retryAfterSeconds, type ResendAccount } from "../_shared/email.ts";
import type { FunctionContext } from "../_shared/types.ts";
import type { Recipient, ResendEmail } from "./recipient-email.ts";

const UPSTREAM_TIMEOUT_MS = 20_000;

export type RecipientResult =
  { recipient_id: string; provider_id: string | null } | { recipient_id: string; error: string };

export type BatchOutcome =
  | { kind: "answered"; results: RecipientResult[] }
  | { kind: "retry"; error: string; retryAfterSeconds: number | null; rateLimited: boolean };

interface ResendError {
  name?: string;
  message?: string;
}

interface BatchAnswer {
  data?: { id?: string }[];
  errors?: { index?: number; message?: string }[];
}

async function readJson<T>(response: Response): Promise<T | null> {
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

const retry = (error: string, retryAfterSeconds: number | null = null, rateLimited = false) =>
  ({ kind: "retry", error, retryAfterSeconds, rateLimited }) as const;

/**
 * Each recipient's result: permissive validation lists the refused e-mails by index in
 * `errors`, and `data` holds the ids of the others, in order.
 */
function resultsOf(recipients: Recipient[], answer: BatchAnswer): RecipientResult[] {
  const refused = new Map(
    (answer.errors ?? []).map(({ index, message }) => [index, message ?? "Refused."]),
  );
  const ids = (answer.data ?? []).map(({ id }) => id ?? null);
  let next = 0;
  return recipients.map((recipient, index) => {
    const error = refused.get(index);
    if (error !== undefined) return { recipient_id: recipient.id, error };
    const id = ids[next++];
    return id === undefined
      ? { recipient_id: recipient.id, error: "The provider's answer did not name this e-mail." }
      : { recipient_id: recipient.id, provider_id: id };
  });
}

const describe = (status: number, body: ResendError | null) =>
  `The e-mail provider answered ${status}${body?.name ? ` ${body.name}` : ""}${body?.message ? `: ${body.message}` : ""}`;

export async function sendBatch(
  ctx: FunctionContext,
  resend: ResendAccount,
  batchId: string,
  recipients: Recipient[],
  emails: ResendEmail[],
): Promise<BatchOutcome> {
  let response: Response;
  try {
    response = await ctx.fetch(`${resend.apiUrl.replace(/\/+$/, "")}/batch`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${resend.apiKey}`,
        "Content-Type": "application/json",
        "Idempotency-Key": batchId,
        "x-batch-validation": "permissive",
      },
      body: JSON.stringify(emails),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    return retry("The e-mail provider could not be reached.");
  }
  if (response.ok) {
    const answer = await readJson<BatchAnswer>(response);
    // Sent, but the answer cannot be read: the same request again is answered from the key.
    if (!answer) return retry("The e-mail provider's answer could not be read.");
    return { kind: "answered", results: resultsOf(recipients, answer) };
  }
  const body = await readJson<ResendError>(response);
  const error = describe(response.status, body);
  if (response.status === 429) return retry(error, retryAfterSeconds(response), true);
  // The key was used for another payload within 24 hours: this batch went out before.
  if (response.status === 409 && body?.name === "invalid_idempotent_request") {
    return {
      kind: "answered",
      results: recipients.map(({ id }) => ({ recipient_id: id, provider_id: null })),
    };
  }
  // Refused as it is: sent again, it would be refused again.
  if (response.status === 400 || response.status === 422) {
    return { kind: "answered", results: recipients.map(({ id }) => ({ recipient_id: id, error })) };
  }
  return retry(error, retryAfterSeconds(response));
}
