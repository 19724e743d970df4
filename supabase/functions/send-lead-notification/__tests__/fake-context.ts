// A fake ctx for the handler: env as hosted Supabase sets it beside the function's secrets, and
// a fetch that answers like PostgREST (leads and the notification functions, in a simplified
// form: the real ones are exercised against the stack in supabase/tests) and like Resend.
import type { Tables } from "@shared/database.types.ts";
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
    notification_email_id: null,
    repeat_of: null,
    first_reply_at: null,
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

interface FakeEmail {
  id: string;
  kind: "lead" | "digest";
  attempts: number;
  sent: boolean;
  failures: string[];
}

/** The leads table as the function reads it: the one lookup by e-mail, name and age. */
function answerLeads(leads: FakeLead[], url: URL) {
  const p = url.searchParams;
  const eq = (name: string) => p.get(name)?.replace(/^eq\./, "");
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
  return Response.json(rows.map(({ id }) => ({ id })));
}

/**
 * The notification functions of the database, simplified: no windows (held leads go in a digest
 * at the next prepare), no leases. The real ones run against the stack in supabase/tests.
 */
function fakeDatabaseFunctions(leads: FakeLead[], emails: FakeEmail[], emailsBefore: number) {
  const newEmail = (kind: FakeEmail["kind"]) => {
    const email: FakeEmail = {
      id: crypto.randomUUID(),
      kind,
      attempts: 0,
      sent: false,
      failures: [],
    };
    emails.push(email);
    return email;
  };
  const decide = (leadId: string) => {
    const row = leads.find((l) => l.id === leadId);
    if (!row || row.notification !== "pending") return "taken";
    if (row.repeat_of) return (row.notification = "repeat");
    if (emails.filter((email) => email.kind === "lead").length >= emailsBefore) {
      return (row.notification = "held");
    }
    Object.assign(row, { notification: "emailed", notification_email_id: newEmail("lead").id });
    return "email";
  };
  const leadsOf = (email: FakeEmail) => leads.filter((l) => l.notification_email_id === email.id);
  return {
    decide_lead_notification: ({ lead_id }: { lead_id: string }) => decide(lead_id),
    prepare_lead_notifications: () => {
      const pending = leads.filter((l) => l.notification === "pending");
      for (const l of pending) decide(l.id);
      const held = leads.filter((l) => l.notification === "held");
      if (held.length > 0) {
        const digest = newEmail("digest");
        for (const l of held)
          Object.assign(l, { notification: "in_digest", notification_email_id: digest.id });
      }
      return pending.length;
    },
    claim_lead_emails: ({
      only_lead_id,
      max_emails,
    }: {
      only_lead_id: string | null;
      max_emails: number;
    }) => {
      const onlyEmail = leads.find((l) => l.id === only_lead_id)?.notification_email_id;
      const due = emails
        .filter((email) => !email.sent && (only_lead_id === null || email.id === onlyEmail))
        .slice(0, max_emails);
      for (const email of due) email.attempts++;
      return due.map((email) => ({
        id: email.id,
        kind: email.kind,
        attempts: email.attempts,
        leads: leadsOf(email),
      }));
    },
    record_lead_email: ({ email_id, failure }: { email_id: string; failure: string | null }) => {
      const email = emails.find((item) => item.id === email_id)!;
      if (failure !== null) return void email.failures.push(failure);
      email.sent = true;
      for (const l of leadsOf(email)) l.notified_at = new Date().toISOString();
    },
  } as Record<string, (args: never) => unknown>;
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
  const emails: FakeEmail[] = [];
  const databaseFunctions = fakeDatabaseFunctions(leads, emails, emailsBeforeDigest);

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
      if (!functionName) return answerLeads(leads, url);
      const result = databaseFunctions[functionName]!(JSON.parse(String(init.body)) as never);
      return result === undefined ? new Response(null, { status: 204 }) : Response.json(result);
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
  return { ctx, outbox, resendCalls, requests, leads, emails, background };
}

/** A scheduled call: Supabase Cron (or the stack's scheduler) with the secret key. */
export const scheduledRun = () => post({}, { apikey: SECRET_KEY });

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
