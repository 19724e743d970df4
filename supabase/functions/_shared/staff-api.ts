// What the functions staff call from the workspace (staff-team, send-newsletter's preview and
// test) share: a refusal the staff area shows, answered as {"error": code, "message": …}; the
// caller's access token; and the project's API called with a given key and token, so the
// database judges what the caller may do.
import { HttpError } from "./http-error.ts";
import { jsonResponse } from "./http.ts";
import { namedKeys } from "./keys.ts";
import type { FunctionContext, FunctionEnv } from "./types.ts";

const UPSTREAM_TIMEOUT_MS = 10_000;

export class StaffError extends HttpError {
  constructor(
    status: number,
    readonly code: string,
    message: string,
  ) {
    super(status, message);
  }

  toResponse(): Response {
    return jsonResponse(this.status, { error: this.code, message: this.message });
  }
}

/** Any HttpError as the staff area reads it: the shared ones get a code from their status. */
export function staffErrorAnswer(error: HttpError): Response {
  if (error instanceof StaffError) return error.toResponse();
  const code =
    error.status === 401 ? "not_signed_in" : error.status < 500 ? "invalid_request" : "unavailable";
  return new StaffError(error.status, code, error.message).toResponse();
}

/** The caller's access token from the Authorization header, or a 401 with `signInMessage`. */
export function callerToken(req: Request, signInMessage: string): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("Authorization") ?? "");
  // A key is not a staff member's session.
  if (!match || match[1]!.startsWith("sb_")) {
    throw new StaffError(401, "not_signed_in", signInMessage);
  }
  return match[1]!;
}

/** The project's public key (publishable, else the legacy anon key), as hosted gives it. */
export function publicKeyOf(env: FunctionEnv): string | undefined {
  return namedKeys(env.get("SUPABASE_PUBLISHABLE_KEYS"))[0] ?? env.get("SUPABASE_ANON_KEY");
}

export interface ApiInit {
  method?: string;
  body?: unknown;
}

export interface ApiAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/** One request to the project's API; its JSON body, or null when it has none. */
export async function callProjectApi(
  ctx: FunctionContext,
  url: string,
  headers: Record<string, string>,
  init: ApiInit = {},
): Promise<ApiAnswer> {
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method: init.method ?? "GET",
      headers: {
        ...headers,
        Accept: "application/json",
        ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch {
    throw new StaffError(502, "unavailable", "Could not reach the project's API.");
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, ok: response.ok, body };
}
