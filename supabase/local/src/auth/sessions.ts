// auth.sessions and auth.refresh_tokens: a session per sign-in, its refresh tokens rotated on
// every use. Always runs as the connection's own role (never a request role).
import crypto from "node:crypto";
import type { Queryable } from "../db.ts";
import { findUserById, type UserRow } from "./users.ts";

export const newRefreshToken = () => crypto.randomBytes(24).toString("base64url");

/** How a session's user proved who they are, as the `amr` claim lists it (newest first). */
export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** The session's assurance level and methods, as GoTrue derives them from mfa_amr_claims. */
export interface SessionAssurance {
  aal: "aal1" | "aal2";
  amr: AmrEntry[];
}

/** The methods that make a session aal2 (GoTrue's IsAAL2Claim). */
const SECOND_FACTOR_METHODS = new Set(["totp", "mfa/phone", "mfa/webauthn"]);

/** Records (or renews) a method in the session's mfa_amr_claims, as GoTrue's AddClaimToSession. */
export async function addSessionClaim(database: Queryable, sessionId: string, method: string) {
  await database.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1::uuid, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

export async function sessionAssurance(
  database: Queryable,
  sessionId: string,
): Promise<SessionAssurance> {
  const claims = await database.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint as timestamp
     from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [sessionId],
  );
  const amr = claims.rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
  const aal = amr.some((entry) => SECOND_FACTOR_METHODS.has(entry.method)) ? "aal2" : "aal1";
  return { aal, amr };
}

/** A new session signed in by `method` ("password", or "otp" for an e-mailed link). */
export async function createSession(
  database: Queryable,
  userId: string,
  client: { ip?: string; userAgent?: string },
  method: string,
): Promise<{ sessionId: string; refreshToken: string } & SessionAssurance> {
  const sessionId = crypto.randomUUID();
  const refreshToken = newRefreshToken();
  await database.query(
    `insert into auth.sessions (id, user_id, ip, user_agent, refreshed_at) values ($1::uuid, $2::uuid, $3, $4, now())`,
    [sessionId, userId, client.ip ?? null, client.userAgent ?? null],
  );
  await database.query(
    `insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2::uuid, $3::uuid)`,
    [refreshToken, userId, sessionId],
  );
  await database.query(`update auth.users set last_sign_in_at = now() where id = $1::uuid`, [
    userId,
  ]);
  await addSessionClaim(database, sessionId, method);
  return { sessionId, refreshToken, ...(await sessionAssurance(database, sessionId)) };
}

/** The session's stored assurance level (auth.sessions.aal); null when it has ended. */
export async function sessionLevel(database: Queryable, sessionId: string): Promise<string | null> {
  const result = await database.query<{ aal: string }>(
    `select aal from auth.sessions where id = $1::uuid`,
    [sessionId],
  );
  return result.rows[0]?.aal ?? null;
}

export type Rotation =
  | { outcome: "not_found" }
  /** A revoked token came back: its session has been ended. */
  | { outcome: "reused" }
  | ({
      outcome: "rotated";
      user: UserRow;
      sessionId: string;
      refreshToken: string;
    } & SessionAssurance);

interface RefreshTokenRow {
  id: string;
  revoked: boolean;
  user_id: string;
  session_id: string | null;
}

/** Exchanges a refresh token for a new one in the same session (refresh-token rotation). */
export async function rotateRefreshToken(database: Queryable, token: string): Promise<Rotation> {
  const found = await database.query<RefreshTokenRow>(
    `select refresh_tokens.id::text as id, refresh_tokens.revoked,
            refresh_tokens.user_id::text as user_id, refresh_tokens.session_id::text as session_id
     from auth.refresh_tokens join auth.sessions on sessions.id = refresh_tokens.session_id
     where refresh_tokens.token = $1 for update of refresh_tokens`,
    [token],
  );
  const row = found.rows[0];
  if (!row) return { outcome: "not_found" };
  if (row.revoked) {
    // A rotated token came back: treat the session as stolen and end it.
    await database.query(`delete from auth.sessions where id = $1::uuid`, [row.session_id]);
    return { outcome: "reused" };
  }
  const user = await findUserById(database, row.user_id);
  if (!user) return { outcome: "not_found" };
  const refreshToken = await swapRefreshToken(database, row, token);
  return {
    outcome: "rotated",
    user,
    sessionId: row.session_id!,
    refreshToken,
    ...(await sessionAssurance(database, row.session_id!)),
  };
}

/** Revokes `token` (row `current`) and issues its successor in the same session. */
async function swapRefreshToken(
  database: Queryable,
  current: Pick<RefreshTokenRow, "id" | "user_id" | "session_id">,
  token: string,
): Promise<string> {
  const refreshToken = newRefreshToken();
  await database.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`,
    [current.id],
  );
  await database.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)`,
    [refreshToken, current.user_id, current.session_id, token],
  );
  await database.query(
    `update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid`,
    [current.session_id],
  );
  return refreshToken;
}

/**
 * After a second factor: the session's newest refresh token is swapped for a new one, as
 * GoTrue's MFA verification does (the client's old one stops working).
 */
export async function rotateSessionRefreshToken(
  database: Queryable,
  sessionId: string,
): Promise<string> {
  const found = await database.query<RefreshTokenRow & { token: string }>(
    `select id::text as id, token, user_id::text as user_id, session_id::text as session_id
     from auth.refresh_tokens where session_id = $1::uuid and not revoked
     order by id desc limit 1 for update`,
    [sessionId],
  );
  const current = found.rows[0];
  if (!current) throw new Error(`session ${sessionId} has no active refresh token`);
  return swapRefreshToken(database, current, current.token);
}

/** Ends the sessions a logout covers: this one (local), the user's others, or all (global). */
export async function endSessions(
  database: Queryable,
  scope: string,
  userId: string,
  sessionId: string | null,
): Promise<void> {
  if (scope === "local" && sessionId) {
    await database.query(`delete from auth.sessions where id = $1::uuid`, [sessionId]);
  } else if (scope === "others") {
    await database.query(
      `delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid`,
      [userId, sessionId],
    );
  } else {
    await database.query(`delete from auth.sessions where user_id = $1::uuid`, [userId]);
  }
}
