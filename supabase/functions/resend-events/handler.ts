// resend-events: Resend's webhook. Resend signs each event the Svix way (svix-id,
// svix-timestamp and svix-signature headers over the raw body, with the endpoint's signing
// secret, RESEND_WEBHOOK_SECRET); an event without a valid signature, or older than five
// minutes (Svix's rule against replays), is refused with 400 and changes nothing; a body over
// MAX_BODY_BYTES is refused with 413 before it is read. A bounce or a complaint suppresses the
// address for good, so the newsletter never mails it again, but only for an e-mail the site sent
// to that address: record_newsletter_event changes nothing unless the event's email_id is a
// newsletter recipient's Resend id and its address that recipient's (other event types neither).
// verify_jwt is off for it (supabase/config.toml): Resend sends no key; the signature is the key.
import { Webhook } from "svix";
import { callDatabaseFunction, readDatabase } from "../_shared/database.ts";
import { answerPost, jsonResponse } from "../_shared/http.ts";
import { KiB, type RequestBody } from "../_shared/request-body.ts";
import { HttpError } from "../_shared/http-error.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";

interface ResendEvent {
  type?: unknown;
  created_at?: unknown;
  data?: { email_id?: unknown; to?: unknown };
}

/** The event, once its signature is checked (svix's verify only throws). */
function verified(req: Request, ctx: FunctionContext, body: string): ResendEvent {
  const secret = ctx.env.get("RESEND_WEBHOOK_SECRET")?.trim();
  if (!secret) throw new HttpError(500, "RESEND_WEBHOOK_SECRET is not configured.");
  try {
    new Webhook(secret).verify(body, {
      "svix-id": req.headers.get("svix-id") ?? "",
      "svix-timestamp": req.headers.get("svix-timestamp") ?? "",
      "svix-signature": req.headers.get("svix-signature") ?? "",
    });
  } catch {
    throw new HttpError(400, "The event's signature is missing or wrong.");
  }
  try {
    return (JSON.parse(body) ?? {}) as ResendEvent;
  } catch {
    throw new HttpError(400, "The event must be JSON.");
  }
}

/** Resend's events are a few kB (the message's addresses, subject and bounce reason). */
const MAX_BODY_BYTES = 64 * KiB;

async function receive(req: Request, ctx: FunctionContext, body: RequestBody): Promise<Response> {
  // The signature is over the bytes as sent: the body is read as text, never re-serialised.
  const event = verified(req, ctx, await body.text());
  const addresses = Array.isArray(event.data?.to) ? event.data.to : [];
  const database = readDatabase(ctx);
  for (const address of addresses) {
    if (typeof address !== "string") continue;
    await callDatabaseFunction(ctx, database, "record_newsletter_event", {
      event_type: String(event.type ?? ""),
      email: address,
      provider_id: typeof event.data?.email_id === "string" ? event.data.email_id : null,
      occurred_at: typeof event.created_at === "string" ? event.created_at : null,
    });
  }
  return jsonResponse(200, { ok: true });
}

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "resend-events", MAX_BODY_BYTES, (body) => receive(req, ctx, body));

export default handler;
