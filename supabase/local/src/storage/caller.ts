// Who calls /storage/v1: the hosted gateway's checks (the apikey; its refusals keep the gateway's
// shape), then the JWT, whose refusal Storage answers in its own shape (AccessDenied).
import { createMiddleware } from "hono/factory";
import { connectingAddress, type AppContext, type AppEnv, type Caller } from "../app-env.ts";
import { ApiError } from "../errors.ts";
import { resolveCaller } from "../gateway.ts";
import type { RequestScope } from "../rest/request.ts";
import { storageErrors } from "./errors.ts";

export const STORAGE_PREFIX = "/storage/v1";

export interface StorageCaller {
  caller: Caller;
  /** False when the JWT was refused and the route serves public buckets without one. */
  verified: boolean;
}

const ANONYMOUS: Caller = { role: "anon", claims: { role: "anon" } };

/**
 * The caller, or a refusal. With `allowInvalidJwt` (GET /object/<bucket>/<name>, as on hosted),
 * a refused JWT makes an unverified visitor, who reaches public buckets only.
 */
export function storageCaller(
  context: AppContext,
  options: { allowInvalidJwt?: boolean } = {},
): StorageCaller {
  try {
    const url = new URL(context.req.url);
    const caller = resolveCaller(context.req.raw.headers, url, context.var.dependencies);
    return { caller, verified: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (options.allowInvalidJwt) return { caller: ANONYMOUS, verified: false };
    throw storageErrors.accessDenied(error.message);
  }
}

/** Route middleware: the verified caller in `caller`, before anything else is read. */
export const requireStorageCaller = createMiddleware<AppEnv>(async (context, next) => {
  context.set("caller", storageCaller(context).caller);
  await next();
});

/** The request as its transaction sees it (rest/request.ts's transactionOptions). */
export function requestScope(context: AppContext, caller: Caller): RequestScope {
  return {
    method: context.req.method.toUpperCase(),
    path: new URL(context.req.url).pathname.slice(STORAGE_PREFIX.length),
    headers: context.req.raw.headers,
    role: caller.role,
    claims: caller.claims,
    clientAddress: connectingAddress(context),
  };
}
