// A fake ctx for the handler: env as hosted Supabase sets it beside the function's secrets, and
// a fetch that answers like PostgREST (leads and the notification functions, in a simplified
// form: the real ones are exercised against the stack in supabase/tests) and like Resend.
import type { Tables } from "../../../../src/types/database.ts";
import { visitorLead } from "../../../tests/leads.ts";
import type { FunctionContext } from "../../_shared/types.ts";
import type { OutgoingEmail } from "../../_shared/email.ts";

export const SUPABASE_URL = "http://db.test";
export const SECRET_KEY = "sb_secret_test";
export const LEGACY_SERVICE_KEY = "legacy-service-role-jwt";
export const PUBLISHABLE_KEY = "sb_publishable_test";
export const LEGACY_ANON_KEY = "legacy-anon-jwt";
export const RESEND_KEY = "re_test_key";
export const DEFAULT_RESEND_URL = "https://api.resend.com/emails";

/** A stored lead as the function reads it (the generated row type, less the staff's status). */
export type FakeLead = Omit<Tables<"leads">, "status">;

export function lead(overrides: Partial<FakeLead> = {}): FakeLead {
  return {
    id: crypto.randomUUID(),
    ...visitorLead("ada@example.com", { phone: "+33 1 23 45 67 89" }),
    created_at: new Date().toISOString(),
    notified_at: null,
    notification: "pending",
    repeat_of: null,
    search_text: "ada lovelace ada@example.com analytical apps https://apps.apple.com/app/id123",
    ...overrides,
  };
}

export interface Setup {
  leads?: FakeLead[];
  env?: Record<string, string | undefined>;
  /** Leads e-mailed one by one before the rest are held for the digest (default: no limit). */
  emailsBeforeDigest?: number;
  /** Resend's answer (default: 200 with an id); throw to play an unreachable provider. */
  resend?: (init: RequestInit) => Response | Promise<Response>;
}

interface Recorded {
  method: string;
  url: URL;
  headers: Headers;
}

function answerLeads(leads: FakeLead[], method: string, url: URL, init: RequestInit) {
  const p = url.searchParams;
  const eq = (name: string) => p.get(name)?.replace(/^eq\./, "");
  if (method === "GET") {
    const since = new Date(p.get("created_at")!.replace(/^gte\./, "")).getTime();
    const rows = leads
      .filter(
        (l) =>
          l.email === eq("email") &&
          l.name === eq("name") &&
          l.notification === eq("notification") &&
          new Date(l.created_at).getTime() >= since,
      )
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, Number(p.get("limit") ?? "1000"));
    return Response.json(rows);
  }
  const body = JSON.parse(String(init.body)) as Partial<FakeLead>;
  const ids = p
    .get("id")!
    .replace(/^(eq\.|in\.\()/, "")
    .replace(/\)$/, "")
    .split(",");
  const rows = leads.filter((l) => ids.includes(l.id));
  for (const row of rows) Object.assign(row, body);
  // As PostgREST: no body unless the representation is asked for.
  const minimal = new Headers(init.headers).get("prefer") === "return=minimal";
  return minimal
    ? new Response(null, { status: 204 })
    : Response.json(rows.map((r) => ({ id: r.id })));
}

/** The digest window: it closes 20 ms after the function first asks when it ends. */
interface DigestWindow {
  closesAt: number | null;
}

/** claim_lead_notification, claim_lead_digest and lead_digest_due_at, simplified. */
function answerFunction(
  leads: FakeLead[],
  name: string,
  init: RequestInit,
  emailsBefore: number,
  window: DigestWindow,
) {
  if (name === "lead_digest_due_at") {
    window.closesAt ??= Date.now() + 20;
    return Response.json(new Date(window.closesAt).toISOString());
  }
  if (name === "claim_lead_digest") {
    if (window.closesAt === null || Date.now() < window.closesAt) return Response.json([]);
    const held = leads.filter((l) => l.notification === "held");
    for (const l of held) Object.assign(l, { notification: "in_digest", notified_at: "now" });
    return Response.json(held);
  }
  const { lead_id } = JSON.parse(String(init.body)) as { lead_id: string };
  const row = leads.find((l) => l.id === lead_id);
  if (!row || row.notification !== "pending") return Response.json("taken");
  if (row.repeat_of) return Response.json((row.notification = "repeat"));
  const emailed = leads.filter((l) => l.notification === "emailed").length;
  if (emailed >= emailsBefore) {
    row.notification = "held";
    return Response.json("held");
  }
  Object.assign(row, { notification: "emailed", notified_at: new Date().toISOString() });
  return Response.json("email");
}

/** The mail as the handler built it, read back from Resend's request body. */
function mailOf(body: Record<string, unknown>): OutgoingEmail {
  return {
    from: body.from as string,
    to: body.to as string[],
    subject: body.subject as string,
    html: body.html as string,
    text: body.text as string | undefined,
    replyTo: body.reply_to as string | undefined,
    headers: body.headers as Record<string, string> | undefined,
  };
}

export function setup({
  leads = [],
  env: overrides = {},
  resend,
  emailsBeforeDigest = Infinity,
}: Setup = {}) {
  const env: Record<string, string | undefined> = {
    SUPABASE_URL,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET_KEY }),
    SUPABASE_ANON_KEY: LEGACY_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: LEGACY_SERVICE_KEY,
    LEAD_NOTIFICATION_TO: "team@appgrove.example",
    RESEND_API_KEY: RESEND_KEY,
    ...overrides,
  };
  /** What Resend accepted. */
  const outbox: OutgoingEmail[] = [];
  const resendCalls: Record<string, unknown>[] = [];
  const requests: Recorded[] = [];
  const resendUrl = env.RESEND_API_URL ?? DEFAULT_RESEND_URL;
  const digestWindow: DigestWindow = { closesAt: null };

  const fetchFake = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    requests.push({ method, url, headers });

    if (url.href === resendUrl && method === "POST") {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      resendCalls.push(body);
      const answer = resend ? await resend(init) : Response.json({ id: "re_123" });
      if (answer.ok) outbox.push(mailOf(body));
      return answer;
    }
    if (url.origin === SUPABASE_URL && url.pathname.startsWith("/rest/v1/")) {
      const databaseKey = env.SUPABASE_SECRET_KEYS === undefined ? LEGACY_SERVICE_KEY : SECRET_KEY;
      if (
        headers.get("apikey") !== databaseKey ||
        headers.get("authorization") !== `Bearer ${databaseKey}`
      ) {
        return Response.json({ message: "Invalid API key" }, { status: 401 });
      }
      const functionName = /^\/rest\/v1\/rpc\/(\w+)$/.exec(url.pathname)?.[1];
      return functionName
        ? answerFunction(leads, functionName, init, emailsBeforeDigest, digestWindow)
        : answerLeads(leads, method, url, init);
    }
    return new Response("not found", { status: 404 });
  };

  /** What the handler left running after its answer (EdgeRuntime.waitUntil). */
  const background: Promise<unknown>[] = [];
  const ctx: FunctionContext = {
    env: { get: (name) => env[name] },
    fetch: fetchFake as typeof fetch,
    waitUntil: (task) => void background.push(task),
  };
  return { ctx, outbox, resendCalls, requests, leads, background };
}

/** A call from the site: supabase-js sends its public key as `apikey`. */
export function post(body: unknown, headers: Record<string, string> = { apikey: PUBLISHABLE_KEY }) {
  return new Request("http://localhost/functions/v1/send-lead-notification", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export function bodyOf(l: FakeLead) {
  return {
    name: l.name,
    email: l.email,
    phone: l.phone,
    company: l.company,
    message: l.message,
    source: l.source,
  };
}
