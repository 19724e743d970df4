// MFA with TOTP factors, as GoTrue's mfa.go: enrol (POST /factors), challenge, verify (a new
// token answer at aal2, the session's amr gaining "totp"), unenrol; and the admin's
// GET/DELETE /admin/users/:id/factors[/:factorId]. Removing a factor brings the sessions it
// raised back to aal1.
import crypto from "node:crypto";
import net from "node:net";
import { Hono } from "hono";
import { clientAddress, type AppContext, type AppEnv } from "../app-env.ts";
import type { Queryable } from "../db.ts";
import { AuthError } from "../errors.ts";
import { requireServiceRole } from "./admin.ts";
import { checkMfaVerificationAttempt } from "./hooks.ts";
import { limitedBy } from "./rate-limit.ts";
import { goTrueJson, readJsonObject } from "./respond.ts";
import { addSessionClaim, rotateSessionRefreshToken, sessionAssurance } from "./sessions.ts";
import { tokenResponse } from "./tokens.ts";
import { newTotp, totpMatches } from "./totp.ts";
import { requireUser, type SignedInUser } from "./user.ts";
import { asOwner, findUserById, findUserByUntrustedId, type UserRow } from "./users.ts";

/** GoTrue's defaults: MFA_CHALLENGE_EXPIRY_DURATION, MFA_FACTOR_EXPIRY_DURATION, MFA_MAX_*. */
const CHALLENGE_EXPIRY_SECONDS = 300;
const UNVERIFIED_FACTOR_EXPIRY_SECONDS = 300;
const MAX_FACTORS = 10;

interface FactorRow {
  id: string;
  user_id: string;
  status: "verified" | "unverified";
  factor_type: string;
  secret: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function requireOwnedFactor(database: Queryable, userId: string, factorId: string) {
  if (!UUID.test(factorId))
    throw new AuthError(404, "validation_failed", "factor_id must be an UUID");
  const found = await database.query<FactorRow>(
    `select id::text as id, user_id::text as user_id, status::text as status,
            factor_type::text as factor_type, secret
     from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid for update`,
    [factorId, userId],
  );
  const factor = found.rows[0];
  if (!factor) throw new AuthError(404, "mfa_factor_not_found", "Factor not found");
  return factor;
}

/** The address a challenge is bound to; in-process requests (app.request) have none. */
function challengeAddress(context: AppContext): string {
  const address = clientAddress(context);
  return net.isIP(address) ? address : "0.0.0.0";
}

/** GoTrue's issuer when the client names none: the host of the site URL. */
const defaultIssuer = (context: AppContext) => new URL(context.var.dependencies.siteUrl).host;

async function enroll(context: AppContext) {
  const signedIn = await requireUser(context);
  const body = await readJsonObject(context);
  const friendlyName = typeof body.friendly_name === "string" ? body.friendly_name : "";
  if (body.factor_type !== "totp") {
    throw new AuthError(
      400,
      "validation_failed",
      "factor_type needs to be totp (the local stack enrols TOTP factors only)",
    );
  }
  const issuer =
    typeof body.issuer === "string" && body.issuer ? body.issuer : defaultIssuer(context);
  const totp = await newTotp(issuer, signedIn.user.email ?? "");
  const id = crypto.randomUUID();
  await asOwner(context.var.dependencies.db, async (database) => {
    await checkCanEnroll(database, signedIn, friendlyName);
    await database.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, signedIn.user.id, friendlyName, totp.secret],
    );
  });
  return goTrueJson(context, 200, {
    id,
    type: "totp",
    friendly_name: friendlyName,
    totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri },
  });
}

/** GoTrue's validateFactors, after dropping unverified factors left unchallenged too long. */
async function checkCanEnroll(database: Queryable, signedIn: SignedInUser, friendlyName: string) {
  await database.query(
    `delete from auth.mfa_factors factors where status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges where factor_id = factors.id)
       and created_at + make_interval(secs => $1) < now()`,
    [UNVERIFIED_FACTOR_EXPIRY_SECONDS],
  );
  const factors = await database.query<{ friendly_name: string | null; status: string }>(
    `select friendly_name, status::text as status from auth.mfa_factors where user_id = $1::uuid`,
    [signedIn.user.id],
  );
  if (factors.rows.some((factor) => (factor.friendly_name ?? "") === friendlyName)) {
    throw new AuthError(
      422,
      "mfa_factor_name_conflict",
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = factors.rows.filter((factor) => factor.status === "verified").length;
  if (factors.rows.length >= MAX_FACTORS) {
    throw new AuthError(
      422,
      "too_many_enrolled_mfa_factors",
      "Maximum number of verified factors reached, unenroll to continue",
    );
  }
  if (verified > 0 && signedIn.aal !== "aal2") {
    throw new AuthError(403, "insufficient_aal", "AAL2 required to enroll a new factor");
  }
}

async function challenge(context: AppContext) {
  const { user } = await requireUser(context);
  const id = crypto.randomUUID();
  const createdAt = await asOwner(context.var.dependencies.db, async (database) => {
    const factor = await requireOwnedFactor(database, user.id, context.req.param("factorId")!);
    const created = await database.query<{ created: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values ($1::uuid, $2::uuid, now(), $3::inet)
       returning extract(epoch from created_at)::bigint as created`,
      [id, factor.id, challengeAddress(context)],
    );
    await database.query(
      `update auth.mfa_factors set last_challenged_at = now() where id = $1::uuid`,
      [factor.id],
    );
    return Number(created.rows[0]!.created);
  });
  return goTrueJson(context, 200, {
    id,
    type: "totp",
    expires_at: createdAt + CHALLENGE_EXPIRY_SECONDS,
  });
}

interface ChallengeRow {
  id: string;
  verified: boolean;
  ip_address: string;
  expired: boolean;
}

/** GoTrue's validateChallenge: the challenge exists, is unused, from this address, unexpired. */
async function requireChallenge(
  database: Queryable,
  factorId: string,
  challengeId: unknown,
  address: string,
) {
  const id = typeof challengeId === "string" && UUID.test(challengeId) ? challengeId : null;
  const found = id
    ? await database.query<ChallengeRow>(
        `select id::text as id, verified_at is not null as verified, host(ip_address) as ip_address,
                created_at + make_interval(secs => $3) < now() as expired
         from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
        [id, factorId, CHALLENGE_EXPIRY_SECONDS],
      )
    : { rows: [] };
  const row = found.rows[0];
  if (!row) {
    throw new AuthError(
      422,
      "mfa_factor_not_found",
      "MFA factor with the provided challenge ID not found",
    );
  }
  if (row.verified || row.ip_address !== address) {
    throw new AuthError(
      422,
      "mfa_ip_address_mismatch",
      "Challenge and verify IP addresses mismatch.",
    );
  }
  if (row.expired) {
    await database.query(`delete from auth.mfa_challenges where id = $1::uuid`, [row.id]);
    return null;
  }
  return row;
}

async function verifyFactor(context: AppContext) {
  const signedIn = await requireUser(context);
  const body = await readJsonObject(context);
  const code = typeof body.code === "string" ? body.code : "";
  if (!code) throw new AuthError(400, "validation_failed", "Code needs to be non-empty");
  if (!signedIn.sessionId) {
    throw new AuthError(401, "no_authorization", "This endpoint requires a session");
  }
  const sessionId = signedIn.sessionId;
  const dependencies = context.var.dependencies;
  const factorId = context.req.param("factorId")!;
  // The expired challenge's removal commits before the refusal, as in GoTrue.
  const checked = await asOwner(dependencies.db, async (database) => {
    const factor = await requireOwnedFactor(database, signedIn.user.id, factorId);
    const found = await requireChallenge(
      database,
      factor.id,
      body.challenge_id,
      challengeAddress(context),
    );
    return found && { factor, challenge: found };
  });
  if (!checked) {
    throw new AuthError(
      422,
      "mfa_challenge_expired",
      `MFA challenge ${String(body.challenge_id)} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  const valid = totpMatches(checked.factor.secret ?? "", code);
  await checkMfaVerificationAttempt(context, {
    userId: signedIn.user.id,
    factorId: checked.factor.id,
    valid,
  });
  if (!valid) throw new AuthError(422, "mfa_verification_failed", "Invalid TOTP code entered");
  const issued = await asOwner(dependencies.db, async (database) => {
    await database.query(`update auth.mfa_challenges set verified_at = now() where id = $1::uuid`, [
      checked.challenge.id,
    ]);
    await database.query(
      `update auth.mfa_factors set status = 'verified', updated_at = now()
       where id = $1::uuid and status <> 'verified'`,
      [checked.factor.id],
    );
    await addSessionClaim(database, sessionId, "totp");
    const assurance = await sessionAssurance(database, sessionId);
    await database.query(
      `update auth.sessions set aal = $2, factor_id = $3::uuid, updated_at = now() where id = $1::uuid`,
      [sessionId, assurance.aal, checked.factor.id],
    );
    const refreshToken = await rotateSessionRefreshToken(database, sessionId);
    // GoTrue ends the user's sessions below aal2, and drops their other unverified factors.
    await database.query(`delete from auth.sessions where user_id = $1::uuid and aal < 'aal2'`, [
      signedIn.user.id,
    ]);
    await database.query(
      `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and factor_type = 'totp'`,
      [signedIn.user.id],
    );
    const user = (await findUserById(database, signedIn.user.id))!;
    return { user, session: { sessionId, refreshToken, ...assurance } };
  });
  return goTrueJson(context, 200, tokenResponse(dependencies, issued.user, issued.session));
}

/** Deletes a factor and brings the sessions it raised back to aal1 (DowngradeSessionsToAAL1). */
async function deleteFactor(database: Queryable, factor: FactorRow) {
  await database.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1::uuid)`,
    [factor.id],
  );
  await database.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now()
     where user_id = $2::uuid and factor_id = $1::uuid`,
    [factor.id, factor.user_id],
  );
  await database.query(`delete from auth.mfa_factors where id = $1::uuid`, [factor.id]);
}

async function unenroll(context: AppContext) {
  const signedIn = await requireUser(context);
  const factorId = context.req.param("factorId")!;
  await asOwner(context.var.dependencies.db, async (database) => {
    const factor = await requireOwnedFactor(database, signedIn.user.id, factorId);
    if (factor.status === "verified" && signedIn.aal !== "aal2") {
      throw new AuthError(422, "insufficient_aal", "AAL2 required to unenroll verified factor");
    }
    await deleteFactor(database, factor);
  });
  return goTrueJson(context, 200, { id: factorId });
}

async function requireUserById(database: Queryable, id: string): Promise<UserRow> {
  const user = await findUserByUntrustedId(database, id);
  if (!user) throw new AuthError(404, "user_not_found", "User not found");
  return user;
}

export const factorRoutes = new Hono<AppEnv>()
  .post("/factors", enroll)
  .post(
    "/factors/:factorId/challenge",
    limitedBy((limits) => limits.factorChallenges),
    challenge,
  )
  .post(
    "/factors/:factorId/verify",
    limitedBy((limits) => limits.factorVerifications),
    verifyFactor,
  )
  .delete("/factors/:factorId", unenroll)
  .get("/admin/users/:id/factors", requireServiceRole, async (context) => {
    const user = await asOwner(context.var.dependencies.db, (database) =>
      requireUserById(database, context.req.param("id")),
    );
    return goTrueJson(context, 200, user.factors);
  })
  .delete("/admin/users/:id/factors/:factorId", requireServiceRole, async (context) => {
    const factor = await asOwner(context.var.dependencies.db, async (database) => {
      const user = await requireUserById(database, context.req.param("id"));
      const owned = await requireOwnedFactor(database, user.id, context.req.param("factorId"));
      const json = user.factors.find((listed) => listed.id === owned.id)!;
      await deleteFactor(database, owned);
      return json;
    });
    return goTrueJson(context, 200, factor);
  });
