// The staff member who calls /preview or /test, as the database sees them: their own access
// token (with the project's public key) on every call, so the database decides what they may
// do (has_permission('send_newsletter'), claim_newsletter_test_email()).
import { namedKeys } from "../_shared/keys.ts";
import type { FunctionContext } from "../_shared/types.ts";
import { NewsletterError } from "./newsletter-error.ts";

const UPSTREAM_TIMEOUT_MS = 10_000;

export interface DatabaseAnswer {
  status: number;
  body: unknown;
}

export type StaffCaller = (name: string, args?: Record<string, unknown>) => Promise<DatabaseAnswer>;

/** The caller's access token from the Authorization header, or a 401. */
function callerToken(req: Request): string {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("Authorization") ?? "");
  // A key is not a staff member's session.
  if (!match || match[1]!.startsWith("sb_")) {
    throw new NewsletterError(401, "not_signed_in", "Sign in to send newsletters.");
  }
  return match[1]!;
}

/** Calls the caller's database functions (POST /rest/v1/rpc/<name>) with their token. */
export function staffCaller(req: Request, ctx: FunctionContext, projectUrl: string): StaffCaller {
  const token = callerToken(req);
  const publicKey =
    namedKeys(ctx.env.get("SUPABASE_PUBLISHABLE_KEYS"))[0] ?? ctx.env.get("SUPABASE_ANON_KEY");
  if (!publicKey) {
    throw new NewsletterError(
      500,
      "not_configured",
      "The project's public key must be configured.",
    );
  }
  return async (name, args = {}) => {
    let response: Response;
    try {
      response = await ctx.fetch(`${projectUrl}/rest/v1/rpc/${name}`, {
        method: "POST",
        headers: {
          apikey: publicKey,
          Authorization: `Bearer ${token}`,
          Accept: "application/json",
          "Content-Type": "application/json",
        },
        body: JSON.stringify(args),
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
    } catch {
      throw new NewsletterError(502, "unavailable", "Could not reach the database.");
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  };
}

/** Only staff who may send newsletters (Administrators, Editors) go on. */
export async function requireNewsletterSender(caller: StaffCaller): Promise<void> {
  const allowed = await caller("has_permission", { permission: "send_newsletter" });
  if (allowed.status !== 200 || allowed.body !== true) {
    throw new NewsletterError(
      403,
      "not_allowed",
      "Only Administrators and Editors send newsletters.",
    );
  }
}
