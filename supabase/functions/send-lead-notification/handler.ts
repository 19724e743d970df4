// Tells the agency about a new lead by e-mail.
//
// The site calls this right after inserting a lead. It runs with verify_jwt off
// (supabase/config.toml) and authorises its callers itself: the request must carry the site's
// public key (a publishable key, or the legacy anon key) as `apikey`. A bearer token is never
// trusted: nothing here depends on who the caller says they are. It is not an open relay: the
// recipient is always the configured LEAD_NOTIFICATION_TO, the lead must exist (same e-mail and
// name) and be less than 10 minutes old, and each lead is notified at most once
// (leads.notified_at is claimed atomically with the secret key before sending). The e-mail is
// built from the stored row (email.ts) and sent through Resend's API.

import type { FunctionContext, FunctionHandler } from "../_shared/types.ts";
import { buildEmail, RESEND_API_URL, sendWithResend, type ResendAccount } from "./email.ts";
import { HttpError } from "./http-error.ts";
import { validateLead, type LeadNotification, type StoredLead } from "./lead.ts";

export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Max-Age": "86400",
};

export const LEAD_MAX_AGE_MS = 10 * 60 * 1000;
const DEFAULT_FROM = "Appgrove <notifications@appgrove.example>";
const UPSTREAM_TIMEOUT_MS = 10_000;

function json(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, "Content-Type": "application/json; charset=utf-8", ...extra },
  });
}

function errorResponse(error: HttpError): Response {
  return json(error.status, {
    error: error.message,
    ...(error.details ? { details: error.details } : {}),
  });
}

interface Config {
  supabaseUrl: string;
  /** A secret key (or the legacy service-role key): reads and marks leads past row security. */
  secretKey: string;
  to: string[];
  from: string;
  resend: ResendAccount;
}

function readConfig(ctx: FunctionContext): Config {
  const env = (name: string) => ctx.env.get(name)?.trim() || undefined;
  const to = (env("LEAD_NOTIFICATION_TO") ?? "")
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
  if (to.length === 0) throw new HttpError(500, "LEAD_NOTIFICATION_TO is not configured.");
  const supabaseUrl = env("SUPABASE_URL");
  const secretKey = namedKeys(env("SUPABASE_SECRET_KEYS"))[0] ?? env("SUPABASE_SERVICE_ROLE_KEY");
  if (!supabaseUrl || !secretKey) {
    throw new HttpError(500, "SUPABASE_URL and SUPABASE_SECRET_KEYS must be configured.");
  }
  const resendApiKey = env("RESEND_API_KEY");
  if (!resendApiKey) throw new HttpError(500, "No e-mail provider configured.");
  return {
    supabaseUrl: supabaseUrl.replace(/\/+$/, ""),
    secretKey,
    to,
    from: env("LEAD_NOTIFICATION_FROM") ?? DEFAULT_FROM,
    resend: { apiKey: resendApiKey, apiUrl: env("RESEND_API_URL") ?? RESEND_API_URL },
  };
}

/**
 * The values of a keys variable as hosted Supabase sets it, a JSON object of named keys
 * (`{"default":"sb_secret_..."}`), the "default" key first; none when unset or unreadable.
 */
function namedKeys(json: string | undefined): string[] {
  if (!json) return [];
  try {
    const keys = JSON.parse(json) as Record<string, unknown>;
    const { default: first, ...others } = keys;
    return [first, ...Object.values(others)].filter(
      (key): key is string => typeof key === "string" && key !== "",
    );
  } catch {
    return [];
  }
}

/** Compares in time that does not depend on where the strings differ. */
function sameKey(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let index = 0; index < expected.length; index++) {
    difference |= given.charCodeAt(index) ^ expected.charCodeAt(index);
  }
  return difference === 0;
}

/** Only the site may call: its public key (a publishable key or the anon key) is the apikey. */
function authoriseCaller(req: Request, ctx: FunctionContext): void {
  const publicKeys = [
    ...namedKeys(ctx.env.get("SUPABASE_PUBLISHABLE_KEYS")),
    ctx.env.get("SUPABASE_ANON_KEY"),
  ].filter((key): key is string => Boolean(key));
  const apikey = req.headers.get("apikey") ?? "";
  if (!publicKeys.some((key) => sameKey(apikey, key))) {
    throw new HttpError(401, "A valid publishable or anon key is required.");
  }
}

function restHeaders(config: Config, extra: Record<string, string> = {}): Record<string, string> {
  // The same key in both headers: the form the gateway accepts for secret keys and legacy JWTs.
  return {
    apikey: config.secretKey,
    Authorization: `Bearer ${config.secretKey}`,
    Accept: "application/json",
    ...extra,
  };
}

async function rest(ctx: FunctionContext, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await ctx.fetch(url, { ...init, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
  } catch {
    throw new HttpError(502, "Could not reach the database.");
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HttpError(502, `The database answered ${response.status}.`);
  }
  return response.status === 204 ? null : response.json();
}

/** The newest lead with this e-mail and name created in the last 10 minutes, if any. */
async function findRecentLead(
  ctx: FunctionContext,
  config: Config,
  lead: LeadNotification,
  now: Date,
) {
  const params = new URLSearchParams({
    select:
      "id,name,email,phone,company,website,budget,message,source,language,created_at,notified_at",
    email: `eq.${lead.email}`,
    name: `eq.${lead.name}`,
    created_at: `gte.${new Date(now.getTime() - LEAD_MAX_AGE_MS).toISOString()}`,
    order: "created_at.desc",
    limit: "1",
  });
  const rows = await rest(ctx, `${config.supabaseUrl}/rest/v1/leads?${params}`, {
    method: "GET",
    headers: restHeaders(config),
  });
  const row = Array.isArray(rows)
    ? (rows[0] as (StoredLead & { notified_at: string | null }) | undefined)
    : undefined;
  if (!row) throw new HttpError(404, "No matching lead was submitted in the last 10 minutes.");
  if (row.notified_at) throw new HttpError(409, "The agency was already notified about this lead.");
  return row;
}

/** Marks the lead notified unless another request got there first. */
async function claimLead(
  ctx: FunctionContext,
  config: Config,
  id: string,
  now: Date,
): Promise<boolean> {
  const params = new URLSearchParams({ id: `eq.${id}`, notified_at: "is.null", select: "id" });
  const rows = await rest(ctx, `${config.supabaseUrl}/rest/v1/leads?${params}`, {
    method: "PATCH",
    headers: restHeaders(config, {
      "Content-Type": "application/json",
      Prefer: "return=representation",
    }),
    body: JSON.stringify({ notified_at: now.toISOString() }),
  });
  return Array.isArray(rows) && rows.length === 1;
}

/** Gives the claim back so a retry can notify after a provider failure. Best effort. */
async function releaseLead(ctx: FunctionContext, config: Config, id: string): Promise<void> {
  const params = new URLSearchParams({ id: `eq.${id}` });
  try {
    await rest(ctx, `${config.supabaseUrl}/rest/v1/leads?${params}`, {
      method: "PATCH",
      headers: restHeaders(config, {
        "Content-Type": "application/json",
        Prefer: "return=minimal",
      }),
      body: JSON.stringify({ notified_at: null }),
    });
  } catch {
    // The lead stays marked; staff still see it in the admin list.
  }
}

async function notify(req: Request, ctx: FunctionContext): Promise<Response> {
  authoriseCaller(req, ctx);
  const config = readConfig(ctx);

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    throw new HttpError(400, "The request body must be valid JSON.");
  }
  const lead = validateLead(body);

  const now = new Date();
  const stored = await findRecentLead(ctx, config, lead, now);
  if (!(await claimLead(ctx, config, stored.id, now))) {
    throw new HttpError(409, "The agency was already notified about this lead.");
  }
  try {
    await sendWithResend(ctx, config.resend, buildEmail(stored, config));
  } catch (error) {
    await releaseLead(ctx, config, stored.id);
    throw error;
  }
  return json(200, { ok: true, leadId: stored.id });
}

const handler: FunctionHandler = async (req, ctx) => {
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== "POST") {
    return json(405, { error: "Method not allowed. Use POST." }, { Allow: "POST, OPTIONS" });
  }
  try {
    return await notify(req, ctx);
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    console.error("send-lead-notification failed", error);
    return errorResponse(new HttpError(500, "Unexpected error."));
  }
};

export default handler;
