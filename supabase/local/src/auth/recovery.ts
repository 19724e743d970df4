// POST /recover (resetPasswordForEmail), as GoTrue's recover.go: a known address gets a new
// recovery link (at most one per [auth.email] max_frequency: 429 over_email_send_rate_limit,
// which, as on hosted Auth, only a known address can get); an unknown one gets the same 200 {}
// and no e-mail. The e-mail is put in the outbox after the answer is decided, so the time the
// answer takes does not depend on it.
import { Hono } from "hono";
import type { AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import { deliverAuthEmail, renderAuthEmail } from "./auth-mailer.ts";
import {
  checkSendFrequency,
  newEmailToken,
  storeEmailToken,
  validateEmail,
} from "./email-links.ts";
import { limitedBy, takeEmailSend } from "./rate-limit.ts";
import { referrer } from "./redirects.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { asOwner, findUserByEmail } from "./users.ts";

export const recoveryRoutes = new Hono<AppEnv>().post(
  "/recover",
  limitedBy((limits) => limits.recoveries),
  async (context) => {
    const body = await readJsonObject(context);
    if (!body.email) {
      throw new AuthError(400, "validation_failed", "Password recovery requires an email");
    }
    const email = validateEmail(body.email);
    if (body.code_challenge) {
      throw new AuthError(
        400,
        "validation_failed",
        "The local stack does not implement the PKCE flow; use the implicit flow (supabase-js's default)",
      );
    }
    const dependencies = context.var.dependencies;
    const redirectTo = referrer(context);
    const mail = await asOwner(dependencies.db, async (database) => {
      const user = await findUserByEmail(database, email);
      if (!user) return null;
      checkSendFrequency(user, "recovery", dependencies.config.emailMaxFrequency);
      takeEmailSend(dependencies.authLimits);
      const token = newEmailToken(user.email ?? email);
      await storeEmailToken(database, user.id, "recovery", token.tokenHash);
      return renderAuthEmail(dependencies, "recovery", user, token, redirectTo);
    });
    if (mail) setImmediate(() => deliverAuthEmail(dependencies, mail));
    return goTrueJson(context, 200, {});
  },
);
