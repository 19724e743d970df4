// The staff member who calls /preview or /test, as the database sees them: their own access
// token (with the project's public key) on every call, so the database decides what they may
// do (has_permission('send_newsletter'), claim_newsletter_test_email()).
import {
  callerToken,
  callProjectApi,
  publicKeyOf,
  StaffError,
  type ApiAnswer,
} from "../_shared/staff-api.ts";
import type { FunctionContext } from "../_shared/types.ts";

export type StaffCaller = (name: string, args?: Record<string, unknown>) => Promise<ApiAnswer>;

/** Calls the caller's database functions (POST /rest/v1/rpc/<name>) with their token. */
export function staffCaller(req: Request, ctx: FunctionContext, projectUrl: string): StaffCaller {
  const token = callerToken(req, "Sign in to send newsletters.");
  const publicKey = publicKeyOf(ctx.env);
  if (!publicKey) {
    throw new StaffError(500, "not_configured", "The project's public key must be configured.");
  }
  return (name, args = {}) =>
    callProjectApi(
      ctx,
      `${projectUrl}/rest/v1/rpc/${name}`,
      { apikey: publicKey, Authorization: `Bearer ${token}` },
      { method: "POST", body: args },
    );
}

/** Only staff who may send newsletters (Administrators, Editors) go on. */
export async function requireNewsletterSender(caller: StaffCaller): Promise<void> {
  const allowed = await caller("has_permission", { permission: "send_newsletter" });
  if (allowed.status !== 200 || allowed.body !== true) {
    throw new StaffError(403, "not_allowed", "Only Administrators and Editors send newsletters.");
  }
}
