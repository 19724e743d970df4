// /__local: what only the local stack has. For the service role: the outbox (mail the functions
// sent), a switch for a provider outage, the Resend stand-in's faults and its webhook events on
// demand. The Resend endpoints that fill the outbox; a health check.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { resolveCaller } from "./gateway.ts";
import type { OutboxQuery } from "./outbox.ts";
import { readFaultSettings } from "./resend-faults.ts";
import { resendEvent, type SignatureMode } from "./resend-webhooks.ts";

/** The caller must pass the gateway as service_role (a secret key or a service_role JWT). */
const requireServiceRole = createMiddleware<AppEnv>(async (context, next) => {
  const url = new URL(context.req.url);
  const { role } = resolveCaller(context.req.raw.headers, url, context.var.dependencies);
  if (role !== "service_role") {
    return context.json({ message: "The service-role key is required" }, 401);
  }
  await next();
});

const OUTBOX_QUERY_USAGE =
  "The outbox takes bodies=none|all, function=<name>, to=<address> and after=<id>, each once";

/** GET /__local/outbox's query, or null when it holds anything else. */
function readOutboxQuery(url: URL): OutboxQuery | null {
  const names = [...url.searchParams.keys()];
  if (new Set(names).size !== names.length) return null;
  const query: OutboxQuery = {};
  for (const [name, value] of url.searchParams) {
    if (name === "bodies" && (value === "none" || value === "all")) {
      query.withoutBodies = value === "none";
    } else if (name === "function" && value) query.function = value;
    else if (name === "to" && value) query.to = value;
    else if (name === "after" && /^\d+$/.test(value)) query.after = Number(value);
    else return null;
  }
  return query;
}

const SIGNATURE_MODES = new Set<SignatureMode>(["valid", "invalid", "none"]);
const WEBHOOK_USAGE =
  'The body must be {"type": "email.<event>", "to": an address or a list of them, "email_id"?: an outbox id, "signature"?: "valid" | "invalid" | "none"}';

export const localRoutes = new Hono<AppEnv>()
  .get("/__local/outbox", requireServiceRole, (context) => {
    const query = readOutboxQuery(new URL(context.req.url));
    if (!query) return context.json({ message: OUTBOX_QUERY_USAGE }, 400);
    return context.json(context.var.dependencies.outbox.list(query));
  })
  .delete("/__local/outbox", requireServiceRole, (context) => {
    context.var.dependencies.outbox.clear();
    return new Response(null, { status: 204 });
  })
  // A provider outage for tests: every message refused with this status until it is lifted.
  .put("/__local/resend/outage", requireServiceRole, async (context) => {
    const { status } = (await context.req.json().catch(() => ({}))) as { status?: unknown };
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) {
      return context.json({ message: 'The body must be {"status": 400-599}' }, 400);
    }
    context.var.dependencies.localResend.faults.outageStatus = status as number;
    return new Response(null, { status: 204 });
  })
  .delete("/__local/resend/outage", requireServiceRole, (context) => {
    context.var.dependencies.localResend.faults.outageStatus = null;
    return new Response(null, { status: 204 });
  })
  // Rate limits, errors and lost answers for tests (resend-faults.ts), until DELETE.
  .put("/__local/resend/faults", requireServiceRole, async (context) => {
    const settings = readFaultSettings(await context.req.json().catch(() => null));
    if (typeof settings === "string") return context.json({ message: settings }, 400);
    context.var.dependencies.localResend.faults.configure(settings);
    return new Response(null, { status: 204 });
  })
  .delete("/__local/resend/faults", requireServiceRole, (context) => {
    context.var.dependencies.localResend.faults.reset();
    return new Response(null, { status: 204 });
  })
  // One of Resend's e-mail events, posted to the webhook endpoint now; answers its status.
  .post("/__local/resend/webhooks", requireServiceRole, async (context) => {
    const input = (await context.req.json().catch(() => null)) as Record<string, unknown> | null;
    const { type, to, email_id: emailId, signature = "valid" } = input ?? {};
    const recipients = Array.isArray(to) ? to : [to];
    if (
      typeof type !== "string" ||
      !/^email\.[a-z_]+$/.test(type) ||
      recipients.length === 0 ||
      !recipients.every((address) => typeof address === "string" && address) ||
      (emailId !== undefined && typeof emailId !== "string") ||
      !SIGNATURE_MODES.has(signature as SignatureMode)
    ) {
      return context.json({ message: WEBHOOK_USAGE }, 400);
    }
    const { localResend, outbox } = context.var.dependencies;
    // The event names the message it is about: the outbox's, when email_id is one of its ids.
    const sent = /^\d+$/.test(emailId ?? "") ? outbox.find(Number(emailId)) : undefined;
    const event = resendEvent(type, {
      id: emailId ?? crypto.randomUUID(),
      from: sent?.from ?? "Local stack <onboarding@resend.dev>",
      to: recipients as string[],
      subject: sent?.subject ?? "A local test event",
      sentAt: sent?.sentAt ?? new Date().toISOString(),
    });
    try {
      const status = await localResend.webhooks.post(event, signature as SignatureMode);
      return context.json({ status });
    } catch (error) {
      return context.json(
        { message: `The webhook endpoint did not answer: ${(error as Error).message}` },
        502,
      );
    }
  })
  // Authorised by the function's local Resend key, as Resend authorises by its API key.
  .post("/__local/resend/emails", (context) =>
    context.var.dependencies.localResend.receiveEmail(context.req.raw),
  )
  .post("/__local/resend/emails/batch", (context) =>
    context.var.dependencies.localResend.receiveBatch(context.req.raw),
  )
  .get("/__local/health", (context) =>
    context.json({ ok: true, driver: context.var.dependencies.db.driver }),
  );
