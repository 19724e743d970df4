// The signed-in user: GET/PUT /user and POST /logout, authenticated by the access token as
// GoTrue's requireAuthentication does.
import { Hono } from "hono";
import type { AppContext, AppEnv } from "../app-env.ts";
import { AuthError, WeakPasswordError } from "../errors.ts";
import { JwtError, type JwtClaims } from "../jwt.ts";
import type { JwtKeys } from "../signing-keys.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { clearEmailTokens } from "./email-links.ts";
import { limitedBy } from "./rate-limit.ts";
import { endSessions, sessionLevel } from "./sessions.ts";
import {
  asOwner,
  checkPassword,
  findUserByUntrustedId,
  updateUser,
  userJson,
  type UserInput,
  type UserRow,
} from "./users.ts";

function verifyAccessToken(token: string, jwtKeys: JwtKeys): JwtClaims {
  try {
    return jwtKeys.verify(token);
  } catch (error) {
    const reason =
      error instanceof JwtError && error.expired
        ? "token has invalid claims: token is expired"
        : "signature is invalid";
    throw new AuthError(
      403,
      "bad_jwt",
      `invalid JWT: unable to parse or verify signature, ${reason}`,
    );
  }
}

/**
 * The verified claims of the Authorization header: a JWT, or the claims {role} the gateway
 * gives a publishable or secret key.
 */
export function requireBearerClaims(context: AppContext): JwtClaims {
  const { bearer } = context.var.gateway;
  if (!bearer) {
    throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  }
  if (bearer.kind === "key") return bearer.claims;
  return verifyAccessToken(bearer.token, context.var.dependencies.jwtKeys);
}

export interface SignedInUser {
  user: UserRow;
  claims: JwtClaims;
  sessionId: string | null;
  /** The session's assurance level as stored (aal1 without a session). */
  aal: string;
}

/** The user behind the bearer token; with `needSession`, its session must still exist. */
export async function requireUser(
  context: AppContext,
  { needSession = true } = {},
): Promise<SignedInUser> {
  const { db } = context.var.dependencies;
  const claims = requireBearerClaims(context);
  const userId = claims.sub;
  if (typeof userId !== "string" || !userId)
    throw new AuthError(403, "bad_jwt", "invalid claim: missing sub claim");
  const sessionId = typeof claims.session_id === "string" ? claims.session_id : null;
  return asOwner(db, async (database) => {
    const user = await findUserByUntrustedId(database, userId);
    if (!user)
      throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
    const aal = sessionId ? await sessionLevel(database, sessionId) : "aal1";
    if (needSession && sessionId && !aal) {
      throw new AuthError(
        403,
        "session_not_found",
        "Session from session_id claim in JWT does not exist",
      );
    }
    return { user, claims, sessionId, aal: aal ?? "aal1" };
  });
}

/** A logout by a user or session that is already gone succeeds (204), as on GoTrue. */
async function requireUserForLogout(context: AppContext) {
  try {
    return await requireUser(context, { needSession: false });
  } catch (error) {
    const gone =
      error instanceof AuthError &&
      (error.code === "user_not_found" || error.code === "session_not_found");
    if (gone) return null;
    throw error;
  }
}

/**
 * GoTrue's length rule for a new password, [auth] minimum_password_length: counted in bytes of
 * UTF-8, as Go's len() counts.
 */
export function checkPasswordLength(password: string, minimum: number): void {
  if (Buffer.byteLength(password, "utf8") < minimum) {
    throw new WeakPasswordError(`Password should be at least ${minimum} characters.`, ["length"]);
  }
}

function userUpdate(body: Record<string, unknown>, minimumPasswordLength: number): UserInput {
  const input: UserInput = {};
  if (typeof body.password === "string") {
    checkPasswordLength(body.password, minimumPasswordLength);
    input.password = body.password;
  }
  if (body.data && typeof body.data === "object")
    input.user_metadata = body.data as Record<string, unknown>;
  return input;
}

const hasVerifiedFactor = (user: UserRow) =>
  user.factors.some((factor) => factor.status === "verified");

/**
 * GoTrue's checks of a new password, in its order: a user with a verified factor needs an aal2
 * session (401 insufficient_aal), and the password must differ from the current one.
 */
async function checkPasswordChange({ user, aal }: SignedInUser, password: string) {
  if (hasVerifiedFactor(user) && aal !== "aal2") {
    throw new AuthError(
      401,
      "insufficient_aal",
      "AAL2 session is required to update email or password when MFA is enabled.",
    );
  }
  if (user.encrypted_password && (await checkPassword(password, user.encrypted_password))) {
    throw new AuthError(
      422,
      "same_password",
      "New password should be different from the old password.",
    );
  }
}

export const userRoutes = new Hono<AppEnv>()
  .get("/user", async (context) => {
    const { user } = await requireUser(context);
    return goTrueJson(context, 200, userJson(user));
  })
  .put(
    "/user",
    limitedBy((limits) => limits.userUpdates),
    async (context) => {
      const signedIn = await requireUser(context);
      const { minimumPasswordLength } = context.var.dependencies.config;
      const input = userUpdate(await readJsonObject(context), minimumPasswordLength);
      if (input.password) await checkPasswordChange(signedIn, input.password);
      const { db } = context.var.dependencies;
      const updated = await asOwner(db, async (database) => {
        const user = await updateUser(database, signedIn.user, input);
        if (!input.password) return user;
        // As GoTrue's UpdatePassword: the e-mailed links die and every other session ends.
        await clearEmailTokens(database, user.id);
        await endSessions(database, "others", user.id, signedIn.sessionId);
        return user;
      });
      return goTrueJson(context, 200, userJson(updated));
    },
  )
  .post("/logout", async (context) => {
    const signedIn = await requireUserForLogout(context);
    if (!signedIn) return new Response(null, { status: 204 });
    const scope = context.req.query("scope") ?? "global";
    const { db } = context.var.dependencies;
    await asOwner(db, (database) =>
      endSessions(database, scope, signedIn.user.id, signedIn.sessionId),
    );
    return new Response(null, { status: 204 });
  });
