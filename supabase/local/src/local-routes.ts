// /__local: what only the local stack has. The outbox (mail the functions sent) and a switch
// for a provider outage, for the service role; the Resend endpoint that fills the outbox; a
// health check.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "./app-env.ts";
import { resolveCaller } from "./gateway.ts";
import { receiveResendEmail } from "./local-resend.ts";

/** The caller must pass the gateway as service_role (a secret key or a service_role JWT). */
const requireServiceRole = createMiddleware<AppEnv>(async (context, next) => {
  const url = new URL(context.req.url);
  const { role } = resolveCaller(context.req.raw.headers, url, context.var.dependencies);
  if (role !== "service_role") {
    return context.json({ message: "The service-role key is required" }, 401);
  }
  await next();
});

export const localRoutes = new Hono<AppEnv>()
  .get("/__local/outbox", requireServiceRole, (context) =>
    context.json(context.var.dependencies.outbox.list()),
  )
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
    context.var.dependencies.outbox.outageStatus = status as number;
    return new Response(null, { status: 204 });
  })
  .delete("/__local/resend/outage", requireServiceRole, (context) => {
    context.var.dependencies.outbox.outageStatus = null;
    return new Response(null, { status: 204 });
  })
  // Authorised by the function's local Resend key, as Resend authorises by its API key.
  .post("/__local/resend/emails", (context) => {
    const { functionRunner, outbox } = context.var.dependencies;
    return receiveResendEmail(context.req.raw, functionRunner, outbox);
  })
  .get("/__local/health", (context) =>
    context.json({ ok: true, driver: context.var.dependencies.db.driver }),
  );
