// The /rest/v1 routes: each request is checked for its API key, then handed to the handler.
import { Hono } from "hono";
import { connectingAddress, type AppContext, type AppEnv } from "../app-env.ts";
import { ApiError } from "../errors.ts";
import { requireCaller } from "../gateway.ts";
import { handleRestRequest } from "./handler.ts";
import { isReadMethod, type RestRequest } from "./request.ts";

/** The table (or rpc/<function>) the path names, decoded once; a malformed escape is a 400. */
function pathTarget(path: string): string {
  const encoded = path.replace(/^\//, "");
  try {
    return decodeURIComponent(encoded);
  } catch {
    throw new ApiError(
      400,
      "PGRST100",
      "Invalid path specified in request URL",
      `malformed percent-encoding in "${encoded}"`,
    );
  }
}

async function restRequest(context: AppContext): Promise<RestRequest> {
  const { role, claims } = context.var.caller;
  const url = new URL(context.req.url);
  const method = context.req.method;
  const path = url.pathname.replace(/^\/rest\/v1/, "");
  return {
    method: method.toUpperCase(),
    table: pathTarget(path),
    path,
    searchParams: url.searchParams,
    headers: context.req.raw.headers,
    body: isReadMethod(method) ? "" : await context.req.text(),
    role,
    claims,
    clientAddress: connectingAddress(context),
    maxRows: context.var.dependencies.config.maxRows,
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
      info: { title: "Local Supabase stack", version: "local" },
      paths: {},
    }),
  );
