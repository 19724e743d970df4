// auth.users: the storage side of /auth/v1, also used at start-up to seed the staff account.
// Always runs as the connection's own role (never a request role).
import crypto from "node:crypto";
import bcrypt from "bcryptjs";
import type { Db, Queryable } from "../db.ts";

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  phone: string | null;
  banned_until: string | null;
  is_anonymous: boolean;
  /** The user's MFA factors, oldest first (read with the row). */
  factors: FactorJson[];
}

/** An MFA factor as GoTrue lists it (its secret never leaves the database). */
export interface FactorJson {
  id: string;
  created_at: string;
  updated_at: string;
  status: "verified" | "unverified";
  friendly_name?: string;
  factor_type: string;
  phone: string;
  last_challenged_at: string | null;
}

export interface UserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  email_confirmed_at?: string;
  invited_at?: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  factors?: FactorJson[];
  identities: unknown[];
  created_at: string;
  updated_at: string;
  is_anonymous: boolean;
}

/** Runs auth's queries as the connection's own role, in one transaction. */
export const asOwner = <T>(db: Db, work: (database: Queryable) => Promise<T>) =>
  db.transaction({}, work);

const BCRYPT_COST = 10;
/** A bcrypt hash of BCRYPT_COST of a random string nobody knows. */
const DUMMY_HASH = "$2b$10$sGun60J81q8BBbH1FyMWGeAzeetbyVp2bH66qLUZjBXnsUg6/sJIa";

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

/**
 * Whether `password` matches `hash`. Without a hash (an unknown e-mail, a user without a
 * password) it does the same bcrypt work and says no, so the time taken does not tell.
 */
export async function checkPassword(password: string, hash: string | null): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return matches && hash !== null;
}

const FACTOR_JSON = `jsonb_strip_nulls(jsonb_build_object('id', factors.id,
  'created_at', factors.created_at, 'updated_at', factors.updated_at, 'status', factors.status,
  'friendly_name', nullif(factors.friendly_name, ''), 'factor_type', factors.factor_type))
  || jsonb_build_object('phone', coalesce(factors.phone, ''),
  'last_challenged_at', factors.last_challenged_at)`;

const USER_SELECT = `select (to_jsonb(users) || jsonb_build_object('factors', (
    select coalesce(jsonb_agg(${FACTOR_JSON} order by factors.created_at), '[]')
    from auth.mfa_factors factors where factors.user_id = users.id)))::text as user_json
  from auth.users`;

async function oneUser(
  database: Queryable,
  sql: string,
  params: unknown[],
): Promise<UserRow | null> {
  const result = await database.query<{ user_json: string }>(sql, params);
  const row = result.rows[0];
  return row ? (JSON.parse(row.user_json) as UserRow) : null;
}

export const findUserByEmail = (database: Queryable, email: string) =>
  oneUser(database, `${USER_SELECT} where lower(email) = lower($1) and deleted_at is null`, [
    email,
  ]);

export const findUserById = (database: Queryable, id: string) =>
  oneUser(database, `${USER_SELECT} where id = $1::uuid and deleted_at is null`, [id]);

/** For an id from a token or a URL: a non-uuid finds nobody instead of failing the cast. */
export const findUserByUntrustedId = async (database: Queryable, id: string) =>
  /^[0-9a-f-]{36}$/i.test(id) ? findUserById(database, id) : null;

/** A page of users in creation order, and how many there are in all. */
export async function listUsers(
  database: Queryable,
  page: { limit: number; offset: number },
): Promise<{ users: UserRow[]; total: number }> {
  const users = await database.query<{ user_json: string }>(
    `${USER_SELECT} where deleted_at is null order by created_at, id limit $1 offset $2`,
    [page.limit, page.offset],
  );
  const counted = await database.query<{ total: number }>(
    `select count(*)::int as total from auth.users where deleted_at is null`,
  );
  return {
    users: users.rows.map((row) => JSON.parse(row.user_json) as UserRow),
    total: Number(counted.rows[0]!.total),
  };
}

export async function deleteUser(database: Queryable, id: string): Promise<void> {
  await database.query(`delete from auth.users where id = $1::uuid`, [id]);
}

export function appMetadata(row: UserRow): Record<string, unknown> {
  return { provider: "email", providers: ["email"], ...(row.raw_app_meta_data ?? {}) };
}

/** The user as GoTrue answers with it. */
export function userJson(row: UserRow): UserJson {
  const email = row.email ?? "";
  const identity = {
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
  };
  const user: UserJson = {
    id: row.id,
    aud: row.aud ?? "authenticated",
    role: row.role ?? "authenticated",
    email,
    phone: row.phone ?? "",
    app_metadata: appMetadata(row),
    user_metadata: row.raw_user_meta_data ?? {},
    identities: [identity],
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: !!row.is_anonymous,
  };
  // GoTrue leaves out the times that are not set, and factors when there are none.
  if (row.email_confirmed_at) {
    user.email_confirmed_at = row.email_confirmed_at;
    user.confirmed_at = row.email_confirmed_at;
  }
  if (row.invited_at) user.invited_at = row.invited_at;
  if (row.confirmation_sent_at) user.confirmation_sent_at = row.confirmation_sent_at;
  if (row.recovery_sent_at) user.recovery_sent_at = row.recovery_sent_at;
  if (row.last_sign_in_at) user.last_sign_in_at = row.last_sign_in_at;
  if (row.factors?.length) user.factors = row.factors;
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

export async function createUser(database: Queryable, input: UserInput): Promise<UserRow> {
  const id = crypto.randomUUID();
  const hash = input.password ? await hashPassword(input.password) : null;
  await database.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data)
     values ($1::uuid, 'authenticated', 'authenticated', lower($2), $3,
       case when $4::boolean then now() end, $5::jsonb, $6::jsonb)`,
    [
      id,
      input.email ?? null,
      hash,
      input.email_confirm ?? false,
      JSON.stringify({ provider: "email", providers: ["email"], ...(input.app_metadata ?? {}) }),
      JSON.stringify(input.user_metadata ?? {}),
    ],
  );
  return (await findUserById(database, id))!;
}

/** Merges metadata as GoTrue does: keys given replace, a null value removes the key. */
function mergeMetadata(base: Record<string, unknown>, patch: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

export async function updateUser(
  database: Queryable,
  current: UserRow,
  input: UserInput,
): Promise<UserRow> {
  const hash = input.password ? await hashPassword(input.password) : current.encrypted_password;
  const appMeta = input.app_metadata
    ? mergeMetadata(appMetadata(current), input.app_metadata)
    : current.raw_app_meta_data;
  const userMeta = input.user_metadata
    ? mergeMetadata(current.raw_user_meta_data ?? {}, input.user_metadata)
    : current.raw_user_meta_data;
  await database.query(
    `update auth.users set email = lower($2), encrypted_password = $3,
       email_confirmed_at = case when $4::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
       raw_app_meta_data = $5::jsonb, raw_user_meta_data = $6::jsonb,
       banned_until = case when $7::text = 'none' then null
                           when $7::text is not null then now() + $7::interval else banned_until end,
       updated_at = now()
     where id = $1::uuid`,
    [
      current.id,
      input.email ?? current.email,
      hash,
      input.email_confirm ?? false,
      JSON.stringify(appMeta ?? {}),
      JSON.stringify(userMeta ?? {}),
      input.ban_duration ?? null,
    ],
  );
  return (await findUserById(database, current.id))!;
}

/**
 * Makes the account an Administrator of the project's team (public.staff_members), when the
 * migrations have that table: the stack also runs on test fixtures without it.
 */
async function ensureAdministrator(database: Queryable, userId: string): Promise<void> {
  const table = await database.query<{ present: boolean }>(
    `select to_regclass('public.staff_members') is not null as present`,
  );
  if (!table.rows[0]?.present) return;
  await database.query(
    `insert into public.staff_members (user_id, role, joined_at)
     values ($1::uuid, 'admin', now())
     on conflict (user_id) do update
       set role = 'admin', joined_at = coalesce(public.staff_members.joined_at, now())`,
    [userId],
  );
}

/**
 * Seeds or repairs the local staff account: an Administrator of the team (public.staff_members)
 * with the given password. Its token names no role: membership is the database's.
 */
export async function upsertAdmin(
  database: Queryable,
  email: string,
  password: string,
): Promise<UserRow> {
  const existing = await findUserByEmail(database, email);
  const user = existing
    ? (await checkPassword(password, existing.encrypted_password)) && existing.email_confirmed_at
      ? existing
      : await updateUser(database, existing, { password, email_confirm: true })
    : await createUser(database, { email, password, email_confirm: true });
  await ensureAdministrator(database, user.id);
  return user;
}
