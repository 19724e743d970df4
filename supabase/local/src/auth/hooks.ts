// Supabase Auth's MFA verification attempt hook, as GoTrue runs a Postgres hook (hookspgfunc.go,
// v0hooks.go): after checking a code, Auth calls the function named in config.toml
// ([auth.hook.mfa_verification_attempt]) as supabase_auth_admin, in a transaction of its own with
// a 2-second statement timeout, and honours its answer. {"decision": "reject"} ends every session
// of the user and answers 403 mfa_verification_rejected; {"error": {...}} answers its message.
import crypto from "node:crypto";
import { clientAddress, type AppContext } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import { endSessions } from "./sessions.ts";
import { asOwner } from "./users.ts";

/** GoTrue's DefaultMFAHookRejectionMessage. */
const DEFAULT_REJECTION = "Further MFA verification attempts will be rejected.";

const HOOK_TIMEOUT_MS = "2000";

interface HookOutput {
  decision?: string;
  message?: string;
  error?: { http_code?: number; message?: string };
}

export interface VerificationAttempt {
  userId: string;
  factorId: string;
  valid: boolean;
}

export async function checkMfaVerificationAttempt(
  context: AppContext,
  attempt: VerificationAttempt,
): Promise<void> {
  const { db, config } = context.var.dependencies;
  const hook = config.mfaVerificationHook;
  if (!hook) return;
  const event = {
    metadata: {
      uuid: crypto.randomUUID(),
      time: new Date().toISOString(),
      name: "mfa-verification",
      ip_address: clientAddress(context),
    },
    user_id: attempt.userId,
    factor_id: attempt.factorId,
    factor_type: "totp",
    valid: attempt.valid,
  };
  const output = await db.transaction(
    { role: "supabase_auth_admin", settings: { statement_timeout: HOOK_TIMEOUT_MS } },
    async (database) => {
      const answered = await database.query<{ output: HookOutput | null }>(
        `select ${hook}($1::jsonb) as output`,
        [JSON.stringify(event)],
      );
      return answered.rows[0]?.output ?? {};
    },
  );
  if (output.error?.message) {
    throw new AuthError(output.error.http_code || 500, "unexpected_failure", output.error.message);
  }
  if (output.decision === "reject") {
    await asOwner(db, (database) => endSessions(database, "global", attempt.userId, null));
    throw new AuthError(403, "mfa_verification_rejected", output.message || DEFAULT_REJECTION);
  }
}
