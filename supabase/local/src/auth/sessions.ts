// auth.sessions and auth.refresh_tokens: a session per sign-in, its refresh tokens rotated on
// every use. Always runs as the connection's own role (never a request role).
import crypto from "node:crypto";
import type { Queryable } from "../db.ts";
import { findUserById, type UserRow } from "./users.ts";

export const newRefreshToken = () => crypto.randomBytes(24).toString("base64url");

export async function createSession(
  database: Queryable,
  userId: string,
  client: { ip?: string; userAgent?: string },
): Promise<{ sessionId: string; refreshToken: string }> {
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
  return { sessionId, refreshToken };
}

export async function sessionExists(database: Queryable, sessionId: string): Promise<boolean> {
  const result = await database.query(`select 1 from auth.sessions where id = $1::uuid`, [
    sessionId,
  ]);
  return result.rows.length > 0;
}

export type Rotation =
  | { outcome: "not_found" }
  /** A revoked token came back: its session has been ended. */
  | { outcome: "reused" }
  | {
      outcome: "rotated";
      user: UserRow;
      sessionId: string;
      refreshToken: string;
      /** When the session signed in (epoch seconds). */
      signedInAt: number;
    };

interface RefreshTokenRow {
  id: string;
  revoked: boolean;
  user_id: string;
  session_id: string | null;
  signed_in: number;
}

/** Exchanges a refresh token for a new one in the same session (refresh-token rotation). */
export async function rotateRefreshToken(database: Queryable, token: string): Promise<Rotation> {
  const found = await database.query<RefreshTokenRow>(
    `select refresh_tokens.id::text as id, refresh_tokens.revoked,
            refresh_tokens.user_id::text as user_id, refresh_tokens.session_id::text as session_id,
            extract(epoch from sessions.created_at)::int as signed_in
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
  const refreshToken = newRefreshToken();
  await database.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`,
    [row.id],
  );
  await database.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2::uuid, $3::uuid, $4)`,
    [refreshToken, row.user_id, row.session_id, token],
  );
  await database.query(
    `update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid`,
    [row.session_id],
  );
  return {
    outcome: "rotated",
    user,
    sessionId: row.session_id!,
    refreshToken,
    signedInAt: Number(row.signed_in),
  };
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
