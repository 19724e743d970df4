// The signed-in user: GET/PUT /user and POST /logout, authenticated by the access token as
// GoTrue's requireAuthentication does.
import { Hono } from "hono";
import type { AppContext, AppEnv } from "../app-env.ts";
import { AuthError } from "../errors.ts";
import { JwtError, type JwtClaims } from "../jwt.ts";
import type { JwtKeys } from "../signing-keys.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { endSessions, sessionExists } from "./sessions.ts";
import { asOwner, findUserByUntrustedId, updateUser, userJson, type UserInput } from "./users.ts";

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

/** The user behind the bearer token; with `needSession`, its session must still exist. */
async function requireUser(context: AppContext, { needSession = true } = {}) {
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
    if (needSession && sessionId && !(await sessionExists(database, sessionId))) {
      throw new AuthError(
        403,
        "session_not_found",
        "Session from session_id claim in JWT does not exist",
      );
    }
    return { user, claims, sessionId };
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

function userUpdate(body: Record<string, unknown>): UserInput {
  const input: UserInput = {};
  if (typeof body.password === "string") {
    if (body.password.length < 6)
      throw new AuthError(422, "weak_password", "Password should be at least 6 characters.");
    input.password = body.password;
  }
  if (body.data && typeof body.data === "object")
    input.user_metadata = body.data as Record<string, unknown>;
  return input;
}

export const userRoutes = new Hono<AppEnv>()
  .get("/user", async (context) => {
    const { user } = await requireUser(context);
    return goTrueJson(context, 200, userJson(user));
  })
  .put("/user", async (context) => {
    const { user } = await requireUser(context);
    const input = userUpdate(await readJsonObject(context));
    const { db } = context.var.dependencies;
    const updated = await asOwner(db, (database) => updateUser(database, user, input));
    return goTrueJson(context, 200, userJson(updated));
  })
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
