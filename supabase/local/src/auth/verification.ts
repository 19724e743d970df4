// /verify, as GoTrue's verify.go: an e-mailed token (its hash, or the code with the address)
// becomes a session and is used up. POST answers like /token (verifyOtp); GET is the link in
// the e-mail and answers 303 to redirect_to (when allowed, else the site) with the session, or
// the error, in the fragment. An invitation's verification confirms the address and, as
// GoTrue does for an invited user without one, sets a random password the user then replaces.
import crypto from "node:crypto";
import { Hono } from "hono";
import { clientAddress, type AppContext, type AppEnv } from "../app-env.ts";
import type { Queryable } from "../db.ts";
import { AuthError } from "../errors.ts";
import {
  clearEmailTokens,
  emailTokenHash,
  findUserByEmailToken,
  linkExpired,
  tokenExpired,
  validateEmail,
  type TokenKind,
} from "./email-links.ts";
import { limitedBy } from "./rate-limit.ts";
import { referrer } from "./redirects.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { createSession } from "./sessions.ts";
import { tokenResponse } from "./tokens.ts";
import { asOwner, findUserById, hashPassword, type UserRow } from "./users.ts";

/** The token kinds each verification type may use ("email" is either, GoTrue's EmailOTP). */
const TOKEN_KINDS: Record<string, TokenKind[]> = {
  signup: ["confirmation"],
  invite: ["confirmation"],
  recovery: ["recovery"],
  magiclink: ["recovery"],
  email: ["confirmation", "recovery"],
};

interface VerifyParams {
  type: string;
  tokenHash: string;
  /** With a six-digit code: whose it is. */
  email?: string;
}

const invalid = (message: string) => new AuthError(400, "validation_failed", message);

function postParams(body: Record<string, unknown>): VerifyParams {
  const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");
  const type = text("type");
  if (!type) throw invalid("Verify requires a verification type");
  const [token, tokenHash] = [text("token"), text("token_hash")];
  if (!token === !tokenHash) throw invalid("Verify requires either a token or a token hash");
  if (tokenHash) {
    if (text("email") || text("phone") || text("redirect_to")) {
      throw invalid("Only the token_hash and type should be provided");
    }
    return { type, tokenHash };
  }
  if (text("phone") || !text("email")) {
    throw invalid("Only an email address or phone number should be provided on verify");
  }
  const email = validateEmail(text("email"));
  return { type, tokenHash: emailTokenHash(email, token), email };
}

/** The user and the kind of the token presented; 403 otp_expired when none is valid. */
async function redeemable(database: Queryable, params: VerifyParams, otpExpiry: number) {
  const kinds = TOKEN_KINDS[params.type];
  if (!kinds) throw invalid("Unsupported verification type");
  let found = await findUserByEmailToken(database, params.tokenHash, kinds);
  if (params.email && found && found.user.email !== params.email) found = null;
  if (!found) {
    if (params.email) throw new AuthError(403, "otp_expired", "Token has expired or is invalid");
    throw linkExpired();
  }
  const { user, kind } = found;
  if (user.banned_until && Date.parse(user.banned_until) > Date.now()) {
    throw new AuthError(403, "user_banned", "User is banned");
  }
  if (tokenExpired(user, kind, otpExpiry)) throw linkExpired();
  return { user, kind };
}

/** Uses the token: confirms the address (and gives an invited user a password), ends tokens. */
async function redeem(database: Queryable, user: UserRow, kind: TokenKind): Promise<UserRow> {
  if (kind === "confirmation" && !user.encrypted_password && user.invited_at) {
    const password = await hashPassword(crypto.randomBytes(48).toString("base64url"));
    await database.query(`update auth.users set encrypted_password = $2 where id = $1::uuid`, [
      user.id,
      password,
    ]);
  }
  await clearEmailTokens(database, user.id);
  if (!user.email_confirmed_at) {
    await database.query(
      `update auth.users set email_confirmed_at = now(), updated_at = now(),
         raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
       where id = $1::uuid`,
      [user.id],
    );
  }
  return (await findUserById(database, user.id))!;
}

async function verify(context: AppContext, params: VerifyParams) {
  const dependencies = context.var.dependencies;
  const client = { ip: clientAddress(context), userAgent: context.req.header("user-agent") };
  const signedIn = await asOwner(dependencies.db, async (database) => {
    const { user, kind } = await redeemable(database, params, dependencies.config.emailOtpExpiry);
    const confirmed = await redeem(database, user, kind);
    return { user: confirmed, session: await createSession(database, user.id, client, "otp") };
  });
  return tokenResponse(dependencies, signedIn.user, signedIn.session);
}

/** Go's url.Values.Encode: keys sorted, values query-escaped with + for spaces. */
function fragment(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${key}=${encodeURIComponent(values[key]!).replace(/%20/g, "+")}`)
    .join("&");
}

/** GoTrue's oauthErrorMap: the OAuth error named in the fragment for an HTTP status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

async function verifyLink(context: AppContext) {
  const type = context.req.query("type") ?? "";
  const token = context.req.query("token") ?? "";
  if (!type) throw invalid("Verify requires a verification type");
  if (!token) throw invalid("Verify requires a token or a token hash");
  const redirectTo = referrer(context);
  const target = new URL(redirectTo);
  try {
    if (!["signup", "invite", "recovery", "magiclink"].includes(type)) {
      throw invalid("Unsupported verification type");
    }
    const session = await verify(context, { type, tokenHash: token });
    target.hash = fragment({
      access_token: session.access_token,
      token_type: session.token_type,
      expires_in: String(session.expires_in),
      expires_at: String(session.expires_at),
      refresh_token: session.refresh_token,
      sb: "",
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const values: Record<string, string> = {
      error_code: error.code,
      error_description: error.message,
      sb: "",
    };
    const oauthError = OAUTH_ERRORS[error.status];
    if (oauthError) values.error = oauthError;
    target.hash = fragment(values);
  }
  return context.redirect(target.toString(), 303);
}

export const verificationRoutes = new Hono<AppEnv>()
  .use(
    "/verify",
    limitedBy((limits) => limits.verifications),
  )
  .post("/verify", async (context) => {
    const params = postParams(await readJsonObject(context));
    return goTrueJson(context, 200, await verify(context, params));
  })
  .get("/verify", verifyLink);
