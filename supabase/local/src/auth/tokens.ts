// POST /token: the password grant (a new session) and the refresh-token grant (rotation; a
// reused token ends its session). Both answer with a signed access token.
import { Hono } from "hono";
import { clientAddress, type AppContext, type AppDependencies, type AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import type { JwtClaims } from "../jwt.ts";
import { limitedBy, overRequestRateLimit } from "./rate-limit.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { createSession, rotateRefreshToken, type SessionAssurance } from "./sessions.ts";
import {
  appMetadata,
  asOwner,
  checkPassword,
  findUserByEmail,
  findUserById,
  userJson,
  type UserRow,
} from "./users.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface SessionTokens extends SessionAssurance {
  sessionId: string;
  refreshToken: string;
}

/** GoTrue's token answer: an access token for `user` in the session, and its refresh token. */
export function tokenResponse(
  dependencies: AppDependencies,
  user: UserRow,
  session: SessionTokens,
) {
  const { jwtExpiry, jwtKeys } = dependencies;
  const issuedAt = nowSeconds();
  const expiresAt = issuedAt + jwtExpiry;
  const claims: JwtClaims = {
    aud: "authenticated",
    exp: expiresAt,
    iat: issuedAt,
    iss: `${dependencies.publicUrl()}/auth/v1`,
    sub: user.id,
    email: user.email ?? "",
    phone: user.phone ?? "",
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    role: "authenticated",
    aal: session.aal,
    amr: session.amr,
    session_id: session.sessionId,
    is_anonymous: false,
  };
  return {
    access_token: jwtKeys.sign(claims),
    token_type: "bearer",
    expires_in: jwtExpiry,
    expires_at: expiresAt,
    refresh_token: session.refreshToken,
    user: userJson(user),
  };
}

function passwordCredentials(body: Record<string, unknown>) {
  const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  const password = typeof body.password === "string" ? body.password : "";
  if (!email && typeof body.phone === "string") {
    throw new AuthError(400, "phone_provider_disabled", "Phone logins are disabled");
  }
  if (!email || !password) throw new AuthError(400, "validation_failed", "missing email or phone");
  return { email, password };
}

function checkCanSignIn(user: UserRow): void {
  if (!user.email_confirmed_at)
    throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) {
    throw new AuthError(400, "user_banned", "User is banned");
  }
}

async function passwordGrant(context: AppContext) {
  const { db, authLimits } = context.var.dependencies;
  const address = clientAddress(context);
  if (!authLimits.signIns.tryReserve(address)) throw overRequestRateLimit();
  const { email, password } = passwordCredentials(await readJsonObject(context));
  if (!context.var.dependencies.config.emailLogins) {
    throw new AuthError(400, "email_provider_disabled", "Email logins are disabled");
  }
  const user = await asOwner(db, (database) => findUserByEmail(database, email));
  // Runs bcrypt for an unknown e-mail too: the answer's timing does not tell who has an account.
  const passwordMatches = await checkPassword(password, user?.encrypted_password ?? null);
  if (!user || !passwordMatches) {
    throw new AuthError(400, "invalid_credentials", "Invalid login credentials");
  }
  checkCanSignIn(user);
  const userAgent = context.req.header("user-agent");
  const signedIn = await asOwner(db, async (database) => {
    const session = await createSession(database, user.id, { ip: address, userAgent }, "password");
    return { ...session, user: (await findUserById(database, user.id))! };
  });
  // The local-only sign-in count gives a success back (its owner is no attacker); token_refresh
  // keeps it counted, as hosted Auth does.
  authLimits.signIns.giveBack(address);
  return tokenResponse(context.var.dependencies, signedIn.user, signedIn);
}

async function refreshTokenGrant(dependencies: AppDependencies, body: Record<string, unknown>) {
  const token = typeof body.refresh_token === "string" ? body.refresh_token : "";
  if (!token) throw new AuthError(400, "validation_failed", "refresh_token required");
  // The rotation commits even when it refuses the token: a reused token's session stays ended.
  const rotation = await asOwner(dependencies.db, (database) =>
    rotateRefreshToken(database, token),
  );
  if (rotation.outcome === "reused") {
    throw new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  if (rotation.outcome === "not_found") {
    throw new AuthError(
      400,
      "refresh_token_not_found",
      "Invalid Refresh Token: Refresh Token Not Found",
    );
  }
  return tokenResponse(dependencies, rotation.user, rotation);
}

// Every grant takes from token_refresh first, as GoTrue's Token handler does.
export const tokenRoutes = new Hono<AppEnv>().post(
  "/token",
  limitedBy((limits) => limits.tokens),
  async (context) => {
    const grant = context.req.query("grant_type");
    if (grant === "password") return goTrueJson(context, 200, await passwordGrant(context));
    if (grant === "refresh_token") {
      const body = await readJsonObject(context);
      return goTrueJson(context, 200, await refreshTokenGrant(context.var.dependencies, body));
    }
    throw new AuthError(400, "unsupported_grant_type", "unsupported_grant_type");
  },
);
