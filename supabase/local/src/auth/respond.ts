// GoTrue's response conventions: JSON, the API-version header echoed, and an error body whose
// shape depends on whether the client sent x-supabase-api-version.
import type { Context } from "hono";
import { AuthError, WeakPasswordError } from "../errors.ts";

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const API_VERSION = "2024-01-01";

export function goTrueJson(
  context: Context,
  status: number,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Response {
  const headers: Record<string, string> = { "content-type": JSON_CONTENT_TYPE, ...extraHeaders };
  if (context.req.header("x-supabase-api-version")) headers["x-supabase-api-version"] = API_VERSION;
  return new Response(body === null ? null : JSON.stringify(body), { status, headers });
}

/** GoTrue's error body; a weak password's also says why, as weak_password.reasons. */
export function goTrueError(context: Context, error: AuthError): Response {
  const versioned = !!context.req.header("x-supabase-api-version");
  const body: Record<string, unknown> = versioned
    ? { code: error.code, message: error.message }
    : { code: error.status, error_code: error.code, msg: error.message };
  if (error instanceof WeakPasswordError) body.weak_password = { reasons: error.reasons };
  return goTrueJson(context, error.status, body, { "x-sb-error-code": error.code });
}

/** The request's JSON object; an empty body is `{}`. */
export async function readJsonObject(context: Context): Promise<Record<string, unknown>> {
  const text = await context.req.text();
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) return value;
  } catch {
    // reported below, as for any body that is not an object
  }
  throw new AuthError(400, "bad_json", "Could not parse request body as JSON");
}
