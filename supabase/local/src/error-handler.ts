// app.onError: the one place where a thrown error becomes a response.
import type { Context } from "hono";
import { goTrueError } from "./auth/respond.ts";
import { ApiError, AuthError } from "./errors.ts";
import { GatewayError } from "./gateway.ts";
import { StorageError, storageErrorResponse, storageErrors } from "./storage/errors.ts";

export function apiErrorResponse(error: ApiError): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", ...error.headers },
  });
}

/**
 * The gateway's refusals in its own shape; under /rest/v1 in PostgREST's (code PGRST301, the
 * gateway's message and hint), which this stack has always answered there and clients read.
 */
function gatewayErrorResponse(context: Context, error: GatewayError): Response {
  if (context.req.path.startsWith("/rest/")) {
    return apiErrorResponse(new ApiError(401, "PGRST301", error.message, null, error.hint));
  }
  return context.json(error.body(), 401);
}

/**
 * PostgREST, GoTrue, Storage and gateway errors in their own shapes; anything else is a 500
 * (in Storage's shape under /storage) whose text (a JavaScript exception's) goes to the log only.
 */
export function errorHandler(log: (line: string) => void) {
  return (error: Error, context: Context): Response => {
    if (error instanceof ApiError) return apiErrorResponse(error);
    if (error instanceof AuthError) return goTrueError(context, error);
    if (error instanceof StorageError) return storageErrorResponse(error);
    if (error instanceof GatewayError) return gatewayErrorResponse(context, error);
    log(`internal error: ${error.stack ?? error.message}`);
    if (context.req.path.startsWith("/storage/")) {
      return storageErrorResponse(storageErrors.internal());
    }
    return apiErrorResponse(new ApiError(500, "XX000", "Internal server error"));
  };
}
