// app.onError: the one place where a thrown error becomes a response.
import type { Context } from "hono";
import { goTrueError } from "./auth/respond.ts";
import { ApiError, AuthError } from "./errors.ts";

export function apiErrorResponse(error: ApiError): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", ...error.headers },
  });
}

/** PostgREST and GoTrue errors in their own shapes; anything else is a 500, logged. */
export function errorHandler(log: (line: string) => void) {
  return (error: Error, context: Context): Response => {
    if (error instanceof ApiError) return apiErrorResponse(error);
    if (error instanceof AuthError) return goTrueError(context, error);
    log(`internal error: ${error.stack ?? error.message}`);
    return context.json({ code: "XX000", details: null, hint: null, message: error.message }, 500);
  };
}
