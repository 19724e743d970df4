// Tells the agency about a new lead by e-mail.
//
// The site calls this right after inserting a lead. It runs with verify_jwt off
// (supabase/config.toml) and authorises its callers itself: the request must carry the site's
// public key (a publishable key, or the legacy anon key) as `apikey`. A bearer token is never
// trusted: nothing here depends on who the caller says they are. It is not an open relay: the
// recipient is always the configured LEAD_NOTIFICATION_TO, the lead must exist (same e-mail and
// name), be less than 10 minutes old and still await its notification.
//
// What the agency is told is decided by the database, once per lead
// (claim_lead_notification): an e-mail now, nothing for a repeat, or a place in the digest
// when more leads than intake_limits allows arrived in the current window (digest.ts).
import { callDatabaseFunction, readDatabase, restRequest } from "../_shared/database.ts";
import { readResendAccount, sendWithResend } from "../_shared/email.ts";
import { answerPost, jsonResponse, readJsonBody } from "../_shared/http.ts";
import { HttpError } from "../_shared/http-error.ts";
import { authoriseSiteCaller } from "../_shared/keys.ts";
import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { scheduleDigest, sendDueDigest, type Notifier } from "./digest.ts";
import { buildLeadEmail } from "./lead-email.ts";
import { validateLead, type LeadNotification, type StoredLead } from "./lead.ts";

export const LEAD_MAX_AGE_MS = 10 * 60 * 1000;
const DEFAULT_FROM = "Appgrove <notifications@appgrove.example>";
const STORED_LEAD_COLUMNS =
  "id,name,email,phone,company,website,budget,message,source,language,created_at";

type Decision = "email" | "held" | "repeat" | "taken";

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

/** The newest lead with this e-mail and name, less than 10 minutes old, awaiting notification. */
async function findPendingLead(
  notifier: Notifier,
  lead: LeadNotification,
  now: Date,
): Promise<StoredLead> {
  const params = new URLSearchParams({
    select: STORED_LEAD_COLUMNS,
    email: `eq.${lead.email}`,
    name: `eq.${lead.name}`,
    notification: "eq.pending",
    created_at: `gte.${new Date(now.getTime() - LEAD_MAX_AGE_MS).toISOString()}`,
    order: "created_at.desc",
    limit: "1",
  });
  const rows = await restRequest(notifier.ctx, notifier.database, `leads?${params}`, {
    method: "GET",
  });
  const row = Array.isArray(rows) ? (rows[0] as StoredLead | undefined) : undefined;
  if (!row) {
    throw new HttpError(404, "No lead awaiting notification was submitted in the last 10 minutes.");
  }
  return row;
}

async function claimNotification(notifier: Notifier, leadId: string): Promise<Decision> {
  return (await callDatabaseFunction(notifier.ctx, notifier.database, "claim_lead_notification", {
    lead_id: leadId,
  })) as Decision;
}

/** Gives the claim back so a retry can notify after a provider failure. Best effort. */
async function releaseLead(notifier: Notifier, leadId: string): Promise<void> {
  try {
    await restRequest(notifier.ctx, notifier.database, `leads?id=eq.${leadId}`, {
      method: "PATCH",
      body: { notification: "pending", notified_at: null },
      prefer: "return=minimal",
    });
  } catch {
    // The lead stays marked; staff still see it in the admin list.
  }
}

async function notify(req: Request, ctx: FunctionContext): Promise<Response> {
  authoriseSiteCaller(req, ctx.env);
  const notifier = readNotifier(ctx);
  const lead = validateLead(await readJsonBody(req));
  // A digest whose own timer was lost (the instance ended) goes out with the next call.
  ctx.waitUntil(sendDueDigest(notifier));

  const stored = await findPendingLead(notifier, lead, new Date());
  const decision = await claimNotification(notifier, stored.id);
  if (decision === "taken") {
    throw new HttpError(409, "The agency was already notified about this lead.");
  }
  if (decision === "held") scheduleDigest(notifier);
  if (decision === "email") {
    try {
      await sendWithResend(ctx, notifier.resend, buildLeadEmail(stored, notifier.addresses));
    } catch (error) {
      await releaseLead(notifier, stored.id);
      throw error;
    }
  }
  return jsonResponse(200, { ok: true, leadId: stored.id, notification: decision });
}

const handler: FunctionHandler = (req, ctx) =>
  answerPost(req, "send-lead-notification", () => notify(req, ctx));

export default handler;
