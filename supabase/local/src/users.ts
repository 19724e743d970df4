// auth.users and its sessions: the storage side of /auth/v1, also used at start-up to seed
// the staff account. Always runs as the connection's own role (never a request role).
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import type { Queryable } from "./db.ts";

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  phone: string | null;
  banned_until: string | null;
  is_anonymous: boolean;
}

export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  email_confirmed_at?: string;
  confirmed_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

const BCRYPT_COST = 10;

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);
export const checkPassword = (password: string, hash: string | null) =>
  hash ? bcrypt.compare(password, hash) : Promise.resolve(false);

const USER_SELECT = `select row_to_json(u)::text as j from auth.users u`;

async function one(q: Queryable, sql: string, params: unknown[]): Promise<UserRow | null> {
  const r = await q.query<{ j: string }>(sql, params);
  return r.rows[0] ? (JSON.parse(r.rows[0].j) as UserRow) : null;
}

export const findUserByEmail = (q: Queryable, email: string) =>
  one(q, `${USER_SELECT} where lower(email) = lower($1) and deleted_at is null`, [email]);

export const findUserById = (q: Queryable, id: string) =>
  one(q, `${USER_SELECT} where id = $1::uuid and deleted_at is null`, [id]);

export function appMetadata(row: UserRow): Record<string, unknown> {
  return { provider: "email", providers: ["email"], ...(row.raw_app_meta_data ?? {}) };
}

export function userJson(row: UserRow): UserJson {
  const email = row.email ?? "";
  const user: UserJson = {
    id: row.id,
    aud: row.aud ?? "authenticated",
    role: row.role ?? "authenticated",
    email,
    phone: row.phone ?? "",
    app_metadata: appMetadata(row),
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [
      {
        identity_id: row.id,
        id: row.id,
        user_id: row.id,
        identity_data: {
          email,
          email_verified: !!row.email_confirmed_at,
          phone_verified: false,
          sub: row.id,
        },
        provider: "email",
        last_sign_in_at: row.last_sign_in_at ?? row.created_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        email,
      },
    ],
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: !!row.is_anonymous,
  };
  if (row.email_confirmed_at) {
    user.email_confirmed_at = row.email_confirmed_at;
    user.confirmed_at = row.email_confirmed_at;
  }
  if (row.last_sign_in_at) user.last_sign_in_at = row.last_sign_in_at;
  return user;
}

export interface UserInput {
  email?: string;
  password?: string;
  email_confirm?: boolean;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  ban_duration?: string;
}

export async function createUser(q: Queryable, input: UserInput): Promise<UserRow> {
  const id = crypto.randomUUID();
  const hash = input.password ? await hashPassword(input.password) : null;
  const row = await one(
    q,
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data)
     values ($1::uuid, 'authenticated', 'authenticated', lower($2), $3,
       case when $4::boolean then now() end, $5::jsonb, $6::jsonb)
     returning row_to_json(users)::text as j`,
    [
      id,
      input.email ?? null,
      hash,
      input.email_confirm ?? false,
      JSON.stringify({ provider: "email", providers: ["email"], ...(input.app_metadata ?? {}) }),
      JSON.stringify(input.user_metadata ?? {}),
    ],
  );
  return row!;
}

/** Merges metadata as GoTrue does: keys given replace, a null value removes the key. */
function mergeMeta(base: Record<string, unknown>, patch: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function updateUser(
  q: Queryable,
  current: UserRow,
  input: UserInput,
): Promise<UserRow> {
  const hash = input.password ? await hashPassword(input.password) : current.encrypted_password;
  const app = input.app_metadata
    ? mergeMeta(appMetadata(current), input.app_metadata)
    : current.raw_app_meta_data;
  const user = input.user_metadata
    ? mergeMeta(current.raw_user_meta_data ?? {}, input.user_metadata)
    : current.raw_user_meta_data;
  const row = await one(
    q,
    `update auth.users set email = lower($2), encrypted_password = $3,
       email_confirmed_at = case when $4::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
       raw_app_meta_data = $5::jsonb, raw_user_meta_data = $6::jsonb,
       banned_until = case when $7::text = 'none' then null
                           when $7::text is not null then now() + $7::interval else banned_until end,
       updated_at = now()
     where id = $1::uuid
     returning row_to_json(users)::text as j`,
    [
      current.id,
      input.email ?? current.email,
      hash,
      input.email_confirm ?? false,
      JSON.stringify(app ?? {}),
      JSON.stringify(user ?? {}),
      input.ban_duration ?? null,
    ],
  );
  return row!;
}

export const newRefreshToken = () => crypto.randomBytes(24).toString("base64url");

export async function createSession(
  q: Queryable,
  userId: string,
  meta: { ip?: string; userAgent?: string },
) {
  const sessionId = crypto.randomUUID();
  const token = newRefreshToken();
  await q.query(
    `insert into auth.sessions (id, user_id, ip, user_agent, refreshed_at) values ($1::uuid, $2::uuid, $3, $4, now())`,
    [sessionId, userId, meta.ip ?? null, meta.userAgent ?? null],
  );
  await q.query(
    `insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2::uuid, $3::uuid)`,
    [token, userId, sessionId],
  );
  await q.query(`update auth.users set last_sign_in_at = now() where id = $1::uuid`, [userId]);
  return { sessionId, refreshToken: token };
}

export async function sessionExists(q: Queryable, sessionId: string): Promise<boolean> {
  const r = await q.query(`select 1 from auth.sessions where id = $1::uuid`, [sessionId]);
  return r.rows.length > 0;
}

/** Seeds or repairs the local staff account (app_metadata.role = "admin"). */
export async function upsertAdmin(q: Queryable, email: string, password: string): Promise<UserRow> {
  const existing = await findUserByEmail(q, email);
  if (!existing) {
    return createUser(q, { email, password, email_confirm: true, app_metadata: { role: "admin" } });
  }
  const passwordOk = await checkPassword(password, existing.encrypted_password);
  if (passwordOk && existing.raw_app_meta_data?.role === "admin" && existing.email_confirmed_at)
    return existing;
  return updateUser(q, existing, {
    password: passwordOk ? undefined : password,
    email_confirm: true,
    app_metadata: { role: "admin" },
  });
}
