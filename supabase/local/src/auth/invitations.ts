// POST /invite (auth.admin.inviteUserByEmail) and POST /admin/generate_link, as GoTrue's
// invite.go and mail.go: an invitation creates the user (no password, e-mail unconfirmed) or,
// while they have not accepted, sends a new link that replaces the last; a confirmed address
// is 422 email_exists. Invitations have no per-user frequency limit (GoTrue's sendInvite), only
// the project's e-mails an hour ([auth.rate_limit] email_sent).
import { Hono } from "hono";
import type { AppContext, AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import { requireServiceRole } from "./admin.ts";
import { confirmationUrl, deliverAuthEmail, renderAuthEmail } from "./auth-mailer.ts";
import { newEmailToken, storeEmailToken, validateEmail, type TokenKind } from "./email-links.ts";
import { takeEmailSend } from "./rate-limit.ts";
import { isRedirectUrlValid, referrer } from "./redirects.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import {
  asOwner,
  createUser,
  findUserByEmail,
  findUserById,
  userJson,
  type UserRow,
} from "./users.ts";
import type { Queryable } from "../db.ts";

const emailExists = () =>
  new AuthError(422, "email_exists", "A user with this email address has already been registered");

function metadata(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The invited user: created, or the existing one while unconfirmed. */
async function invitee(database: Queryable, email: string, data: unknown): Promise<UserRow> {
  const existing = await findUserByEmail(database, email);
  if (existing?.email_confirmed_at) throw emailExists();
  return existing ?? createUser(database, { email, user_metadata: metadata(data) });
}

/** Gives `user` a new token of `kind`; the row as it is now. */
async function issueToken(database: Queryable, user: UserRow, kind: TokenKind, invited: boolean) {
  const token = newEmailToken(user.email ?? "");
  await storeEmailToken(database, user.id, kind, token.tokenHash, { invited });
  return { token, user: (await findUserById(database, user.id))! };
}

async function invite(context: AppContext) {
  const body = await readJsonObject(context);
  const email = validateEmail(body.email);
  const dependencies = context.var.dependencies;
  const redirectTo = referrer(context);
  const { user, mail } = await asOwner(dependencies.db, async (database) => {
    const invited = await invitee(database, email, body.data);
    takeEmailSend(dependencies.authLimits);
    const issued = await issueToken(database, invited, "confirmation", true);
    return {
      user: issued.user,
      mail: renderAuthEmail(dependencies, "invite", issued.user, issued.token, redirectTo),
    };
  });
  deliverAuthEmail(dependencies, mail);
  return goTrueJson(context, 200, userJson(user));
}

/** The link types the stack generates, and the token each uses. */
const LINK_KINDS: Record<string, TokenKind> = {
  invite: "confirmation",
  recovery: "recovery",
  magiclink: "recovery",
};

async function generateLink(context: AppContext) {
  const body = await readJsonObject(context);
  const email = validateEmail(body.email);
  const type = typeof body.type === "string" ? body.type : "";
  const kind = LINK_KINDS[type];
  if (!kind) {
    throw new AuthError(
      400,
      "validation_failed",
      `Invalid email action link type requested: ${type} (the local stack generates invite, recovery and magiclink links)`,
    );
  }
  const dependencies = context.var.dependencies;
  const given = typeof body.redirect_to === "string" ? body.redirect_to : "";
  const redirectTo = isRedirectUrlValid(
    dependencies.siteUrl,
    dependencies.config.additionalRedirectUrls,
    given,
  )
    ? given
    : referrer(context);
  const { user, token } = await asOwner(dependencies.db, async (database) => {
    if (type === "invite") {
      return issueToken(database, await invitee(database, email, body.data), kind, true);
    }
    const existing = await findUserByEmail(database, email);
    if (!existing) throw new AuthError(404, "user_not_found", "User with this email not found");
    return issueToken(database, existing, kind, false);
  });
  return goTrueJson(context, 200, {
    ...userJson(user),
    action_link: confirmationUrl(dependencies, type, token.tokenHash, redirectTo),
    email_otp: token.otp,
    hashed_token: token.tokenHash,
    verification_type: type,
    redirect_to: redirectTo,
  });
}

export const invitationRoutes = new Hono<AppEnv>()
  .post("/invite", requireServiceRole, invite)
  .post("/admin/generate_link", requireServiceRole, generateLink);
