// Tells the agency about new leads by e-mail. Two callers, told apart by their key:
//
// - A schedule (Supabase Cron on hosted, the stack's scheduler locally), with a secret key and
//   an empty body: the database decides every lead still pending and writes down the e-mails
//   owed (prepare_lead_notifications), then this sends what is due (delivery.ts). Nothing else
//   is needed for every lead to reach the agency, whatever happens to the visitor's browser.
// - The site, right after inserting a lead, with its public key (a publishable key, or the
//   legacy anon key): the fast path. It answers 202 at once, the same bytes for every lead
//   (new, repeat, held, unknown), and then, after the answer, decides that lead and sends its
//   e-mail. The answer reveals nothing about which addresses wrote to the agency, nor how busy
//   the inbox is.
//
// It runs with verify_jwt off (supabase/config.toml); a bearer token is never trusted. It is
// not an open relay: the recipient is always the configured LEAD_NOTIFICATION_TO, and only a
// stored lead is ever mailed.
import { callDatabaseFunction, readDatabase, restRequest } from "../_shared/database.ts";
import { readResendAccount } from "../_shared/email.ts";
import { answerPost, jsonResponse } from "../_shared/http.ts";
import { KiB, type RequestBody } from "../_shared/request-body.ts";
import { HttpError } from "../_shared/http-error.ts";
import { authoriseSiteCaller, isServerCaller } from "../_shared/keys.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { deliverLeadEmails, type Notifier } from "./delivery.ts";
import { validateLead, type LeadNotification, type StoredLead } from "./lead.ts";

const LEAD_MAX_AGE_MS = 10 * 60 * 1000;
/** How long one scheduled run sends before leaving the rest to the next one. */
const SCHEDULED_RUN_MS = 20_000;
const FAST_PATH_MS = 15_000;
// Brand-free: the sender's name comes from the LEAD_NOTIFICATION_FROM secret (the local stack
// sets one with the brand); without it, a placeholder on the reserved example domain.
const DEFAULT_FROM = "Website <notifications@example.com>";

function readNotifier(ctx: FunctionContext): Notifier {
  const to = (ctx.env.get("LEAD_NOTIFICATION_TO") ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  if (to.length === 0) throw new HttpError(500, "LEAD_NOTIFICATION_TO is not configured.");
  return {
    ctx,
    database: readDatabase(ctx),
    resend: readResendAccount(ctx.env),
    addresses: { to, from: ctx.env.get("LEAD_NOTIFICATION_FROM")?.trim() || DEFAULT_FROM },
  };
}

/** The newest lead with this e-mail and name, less than 10 minutes old, still undecided. */
async function findPendingLead(notifier: Notifier, lead: LeadNotification) {
  const params = new URLSearchParams({
    select: "id",
    email: `eq.${lead.email}`,
    name: `eq.${lead.name}`,
    notification: "eq.pending",
    created_at: `gte.${new Date(Date.now() - LEAD_MAX_AGE_MS).toISOString()}`,
    order: "created_at.desc",
    limit: "1",
  });
  const rows = await restRequest(notifier.ctx, notifier.database, `leads?${params}`, {
    method: "GET",
  });
  return Array.isArray(rows) ? (rows[0] as Pick<StoredLead, "id"> | undefined) : undefined;
}

/** How many identical leads sent together (a double or triple submit) one request looks through. */
const IDENTICAL_LEADS_TRIED = 3;

/** After the visitor's answer: that lead's decision, and its own e-mail if it gets one. */
async function notifyNow(notifier: Notifier, lead: LeadNotification): Promise<void> {
  try {
    // Requests for identical leads can both find the newest one: the request that finds it
    // already decided ("taken") decides the next one still pending, so each decides one lead.
    let stored: Pick<StoredLead, "id"> | undefined;
    let decision: unknown = "taken";
    for (let tried = 0; decision === "taken" && tried < IDENTICAL_LEADS_TRIED; tried += 1) {
      stored = await findPendingLead(notifier, lead);
      if (!stored) return;
      decision = await callDatabaseFunction(
        notifier.ctx,
        notifier.database,
        "decide_lead_notification",
        { lead_id: stored.id },
      );
    }
    if (decision !== "email" || !stored) return;
    await deliverLeadEmails(notifier, {
      onlyLeadId: stored.id,
      deadline: Date.now() + FAST_PATH_MS,
    });
  } catch (error) {
    // The schedule sends whatever this left undone.
    console.error("send-lead-notification: the fast path failed", error);
  }
}

async function runSchedule(notifier: Notifier): Promise<Response> {
  const decided = await callDatabaseFunction(
    notifier.ctx,
    notifier.database,
    "prepare_lead_notifications",
  );
  const delivered = await deliverLeadEmails(notifier, { deadline: Date.now() + SCHEDULED_RUN_MS });
  return jsonResponse(200, { decided, ...delivered });
}

/** A lead's fields are about 6,400 characters at most (shared/lead-fields.ts), JSON-escaped. */
const MAX_BODY_BYTES = 64 * KiB;

async function notify(req: Request, ctx: FunctionContext, body: RequestBody): Promise<Response> {
  if (isServerCaller(req, ctx.env)) return runSchedule(readNotifier(ctx));
  authoriseSiteCaller(req, ctx.env);
  const lead = validateLead(await body.json());
  ctx.waitUntil(notifyNow(readNotifier(ctx), lead));
  return jsonResponse(202, { ok: true });
}

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "send-lead-notification", MAX_BODY_BYTES, (body) => notify(req, ctx, body));

export default handler;
