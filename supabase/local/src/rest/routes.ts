// The /rest/v1 routes: each request is checked for its API key, then handed to the handler.
import { Hono } from "hono";
import type { AppContext, AppEnv } from "../app-env.ts";
import { requireCaller } from "../gateway.ts";
import { handleRestRequest } from "./handler.ts";
import { isReadMethod, type RestRequest } from "./request.ts";

async function restRequest(context: AppContext): Promise<RestRequest> {
  const { role, claims } = context.var.caller;
  const url = new URL(context.req.url);
  const method = context.req.method;
  return {
    method: method.toUpperCase(),
    table: decodeURIComponent(context.req.param("table")!),
    path: url.pathname.replace(/^\/rest\/v1/, ""),
    searchParams: url.searchParams,
    headers: context.req.raw.headers,
    body: isReadMethod(method) ? "" : await context.req.text(),
    role,
    claims,
  };
}

export const restRoutes = new Hono<AppEnv>()
  .all("/rest/v1/:table{.+}", requireCaller, async (context) => {
    const { db, schemaCache } = context.var.dependencies;
    const response = await handleRestRequest(db, schemaCache, await restRequest(context));
    return new Response(response.body, { status: response.status, headers: response.headers });
  })
  .get("/rest/v1/", requireCaller, (context) =>
    context.json({
      swagger: "2.0",
      info: { title: "Appgrove local stack", version: "local" },
      paths: {},
    }),
  );
