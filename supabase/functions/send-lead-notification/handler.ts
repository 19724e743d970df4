// Tells the agency about a new lead by e-mail.
//
// The site calls this right after inserting a lead. It runs with verify_jwt off
// (supabase/config.toml) and authorises its callers itself: the request must carry the site's
// public key (a publishable key, or the legacy anon key) as `apikey`. A bearer token is never
// trusted: nothing here depends on who the caller says they are. It is not an open relay: the
// recipient is always the configured LEAD_NOTIFICATION_TO, the lead must exist (same e-mail and
// name) and be less than 10 minutes old, and each lead is notified at most once
// (leads.notified_at is claimed atomically with the secret key before sending). The e-mail is
// built from the stored row, with every value HTML-escaped.

import { Constants, type Enums } from "../_shared/database.types.ts";
import type { FunctionContext, FunctionHandler, OutgoingEmail } from "../_shared/types.ts";

export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Max-Age": "86400",
};

export const LEAD_MAX_AGE_MS = 10 * 60 * 1000;
const DEFAULT_FROM = "Appgrove <notifications@appgrove.example>";
const RESEND_URL = "https://api.resend.com/emails";
const UPSTREAM_TIMEOUT_MS = 10_000;

const SOURCES: readonly string[] = Constants.public.Enums.lead_source;
const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/i;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const MULTILINE_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The limits mirror the check constraints on public.leads. */
const FIELDS = {
  name: { max: 200, required: true, multiline: false },
  email: { max: 320, required: true, multiline: false },
  phone: { max: 50, required: false, multiline: false },
  company: { max: 200, required: false, multiline: false },
  website: { max: 500, required: false, multiline: false },
  budget: { max: 100, required: false, multiline: false },
  message: { max: 5000, required: false, multiline: true },
} as const;

type FieldName = keyof typeof FIELDS;

export interface LeadNotification {
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  website: string | null;
  budget: string | null;
  message: string | null;
  source: Enums<"lead_source">;
}

interface StoredLead extends LeadNotification {
  id: string;
  language: string | null;
  created_at: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

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

/** Validates the request body; returns the normalised lead or throws a 400. */
export function validateLead(body: unknown): LeadNotification {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "The request body must be a JSON object.");
  }
  const input = body as Record<string, unknown>;
  const details: Record<string, string> = {};
  const values: Partial<Record<FieldName, string | null>> = {};

  for (const [field, rule] of Object.entries(FIELDS) as [FieldName, (typeof FIELDS)[FieldName]][]) {
    const raw = input[field];
    if (raw === undefined || raw === null || (typeof raw === "string" && raw.trim() === "")) {
      if (rule.required) details[field] = "is required";
      values[field] = null;
      continue;
    }
    if (typeof raw !== "string") {
      details[field] = "must be a string";
      continue;
    }
    // Not trimmed: the value must match the stored lead exactly.
    const value = raw;
    if (value.length > rule.max) details[field] = `must be at most ${rule.max} characters`;
    else if ((rule.multiline ? MULTILINE_CONTROL_CHARS : CONTROL_CHARS).test(value)) {
      details[field] = "contains control characters";
    } else values[field] = value;
  }
  if (values.email && !EMAIL_SHAPE.test(values.email)) details.email = "must be an e-mail address";

  const source = input.source;
  if (source === undefined || source === null || source === "") details.source = "is required";
  else if (typeof source !== "string" || !SOURCES.includes(source)) {
    details.source = `must be one of ${SOURCES.join(", ")}`;
  }

  if (Object.keys(details).length > 0)
    throw new HttpError(400, "Invalid lead notification request.", details);

  return {
    name: values.name as string,
    email: values.email as string,
    phone: values.phone ?? null,
    company: values.company ?? null,
    website: values.website ?? null,
    budget: values.budget ?? null,
    message: values.message ?? null,
    source: source as LeadNotification["source"],
  };
}

interface Config {
  supabaseUrl: string;
  /** A secret key (or the legacy service-role key): reads and marks leads past row security. */
  secretKey: string;
  to: string[];
  from: string;
  resendApiKey: string | undefined;
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
  if (!resendApiKey && !ctx.sendEmail) throw new HttpError(500, "No e-mail provider configured.");
  return {
    supabaseUrl: supabaseUrl.replace(/\/+$/, ""),
    secretKey,
    to,
    from: env("LEAD_NOTIFICATION_FROM") ?? DEFAULT_FROM,
    resendApiKey,
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
  if (!response.ok) throw new HttpError(502, `The database answered ${response.status}.`);
  return response.json();
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

export function buildEmail(lead: StoredLead, config: Pick<Config, "from" | "to">): OutgoingEmail {
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
    from: config.from,
    to: config.to,
    subject: oneLine(
      `New lead: ${lead.name}${lead.company ? ` (${lead.company})` : ""} via ${lead.source}`,
    ).slice(0, 250),
    html,
    text,
    replyTo: lead.email,
  };
}

async function deliver(ctx: FunctionContext, config: Config, mail: OutgoingEmail): Promise<void> {
  if (config.resendApiKey) {
    let response: Response;
    try {
      response = await ctx.fetch(RESEND_URL, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${config.resendApiKey}`,
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
    if (!response.ok)
      throw new HttpError(502, `The e-mail provider refused the message (${response.status}).`);
    return;
  }
  try {
    await ctx.sendEmail!(mail);
  } catch {
    throw new HttpError(502, "The e-mail could not be delivered.");
  }
}

const handler: FunctionHandler = async (req, ctx) => {
  if (req.method === "OPTIONS") return new Response(null, { status: 204, headers: corsHeaders });
  if (req.method !== "POST")
    return json(405, { error: "Method not allowed. Use POST." }, { Allow: "POST, OPTIONS" });

  try {
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
      await deliver(ctx, config, buildEmail(stored, config));
    } catch (error) {
      await releaseLead(ctx, config, stored.id);
      throw error;
    }
    return json(200, { ok: true, leadId: stored.id });
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error);
    console.error("send-lead-notification failed", error);
    return errorResponse(new HttpError(500, "Unexpected error."));
  }
};

export default handler;
