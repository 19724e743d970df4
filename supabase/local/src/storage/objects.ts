// storage.objects: the SQL behind uploads, downloads, listings and removals. Each statement is
// the one Storage runs, so a policy sees the same rows and columns it sees on hosted Supabase.
import crypto from "node:crypto";
import type { Queryable } from "../db.ts";
import { storageErrors } from "./errors.ts";
import type { ObjectListOptions } from "./request-body.ts";

/** What Storage keeps in storage.objects.metadata (S3's view of the stored file). */
export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface StoredObject {
  bucketId: string;
  name: string;
  /** The JWT's sub; null for a key (anon, service role). */
  owner: string | null;
  metadata: ObjectMetadata;
  userMetadata: Record<string, unknown> | null;
  version: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-5][0-9a-f]{3}-[089ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

function objectValues(object: StoredObject, id: string): unknown[] {
  const owner = object.owner && UUID.test(object.owner) ? object.owner : null;
  return [
    id,
    object.bucketId,
    object.name,
    owner,
    object.owner,
    JSON.stringify(object.metadata),
    object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
    object.version,
  ];
}

const INSERT = `insert into storage.objects
  (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
  values ($1, $2, $3, $4::uuid, $5, $6::jsonb, $7::jsonb, $8)`;

/** A new object; a name already taken is KeyAlreadyExists. Returns its id. */
export async function insertObject(transaction: Queryable, object: StoredObject): Promise<string> {
  const id = crypto.randomUUID();
  await transaction.query(INSERT, objectValues(object, id));
  return id;
}

/** A new object or a new version of the one with that name. Returns its id. */
export async function upsertObject(transaction: Queryable, object: StoredObject): Promise<string> {
  const { rows } = await transaction.query<{ id: string }>(
    `${INSERT}
     on conflict (name, bucket_id) do update set
       metadata = excluded.metadata, user_metadata = excluded.user_metadata,
       version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id
     returning id`,
    objectValues(object, crypto.randomUUID()),
  );
  return rows[0]!.id;
}

export interface ObjectVersion {
  id: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
}

/** The object as the connection sees it (a policy may hide it), or NoSuchKey. */
export async function findObject(
  connection: Queryable,
  bucketId: string,
  name: string,
): Promise<ObjectVersion> {
  const object = await findObjectIfAny(connection, bucketId, name);
  if (!object) throw storageErrors.noSuchKey();
  return object;
}

export async function findObjectIfAny(
  connection: Queryable,
  bucketId: string,
  name: string,
): Promise<ObjectVersion | null> {
  const { rows } = await connection.query<ObjectVersion>(
    `select id, version, metadata from storage.objects where name = $1 and bucket_id = $2 limit 1`,
    [name, bucketId],
  );
  return rows[0] ?? null;
}

interface ObjectRow {
  name: string;
  bucket_id: string;
  owner: string | null;
  owner_id: string | null;
  version: string | null;
  id: string;
  updated_at: Date | string | null;
  created_at: Date | string | null;
  last_accessed_at: Date | string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
}

const timestamp = (value: Date | string | null) =>
  value instanceof Date ? value.toISOString() : value;

/** A removed object as Storage's response schema writes it (a null string becomes ""). */
function removedObjectBody(row: ObjectRow): Record<string, unknown> {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? "",
    owner_id: row.owner_id ?? "",
    version: row.version ?? "",
    id: row.id,
    updated_at: timestamp(row.updated_at),
    created_at: timestamp(row.created_at),
    last_accessed_at: timestamp(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}

/**
 * Deletes the named objects the caller's policies let it delete (the others are left, without
 * an error, as on hosted). Returns the removed objects and their versions.
 */
export async function deleteObjects(
  transaction: Queryable,
  bucketId: string,
  names: string[],
): Promise<{ removed: Record<string, unknown>[]; versions: string[] }> {
  const { rows } = await transaction.query<ObjectRow>(
    `delete from storage.objects
      where bucket_id = $1 and name in (select jsonb_array_elements_text($2::jsonb))
      returning *`,
    [bucketId, JSON.stringify(names)],
  );
  return {
    removed: rows.map(removedObjectBody),
    versions: rows.flatMap((row) => (row.version ? [row.version] : [])),
  };
}

/** Storage's cap on one listing (its storage.search). */
const MAX_LISTED = 1500;

/**
 * One folder level under `prefix`, as Storage's storage.search answers: the folders (null id
 * and metadata) and files whose name, after the prefix, starts with `search` (case-insensitive,
 * taken literally), names relative to the prefix. By name, folders and files are sorted together
 * as their full paths sort; by another column, folders come first.
 */
export async function listObjects(
  transaction: Queryable,
  bucketId: string,
  options: ObjectListOptions,
): Promise<Record<string, unknown>[]> {
  const direction = options.sortOrder === "desc" ? "desc" : "asc";
  const order =
    options.sortColumn === "name"
      ? `sort_key collate "C" ${direction}`
      : `is_file, case when is_file then null else sort_key end collate "C" ${direction},
         "${options.sortColumn}" ${direction}`;
  const { rows } = await transaction.query<{
    name: string;
    id: string | null;
    updated_at: Date | string | null;
    created_at: Date | string | null;
    last_accessed_at: Date | string | null;
    metadata: Record<string, unknown> | null;
  }>(
    `with matching as (
       select name, id, updated_at, created_at, last_accessed_at, metadata,
              substring(name from char_length($3::text) + 1) as after_match
         from storage.objects
        where bucket_id = $1::text and lower(left(name, char_length($3::text))) = lower($3::text)
     ),
     entries as (
       select distinct
              substring(name from char_length($2::text) + 1
                        for char_length($3::text) - char_length($2::text)
                            + strpos(after_match, '/') - 1) as name,
              null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata, false as is_file
         from matching where strpos(after_match, '/') > 0
       union all
       select substring(name from char_length($2::text) + 1), id, updated_at, created_at,
              last_accessed_at, metadata, true
         from matching where strpos(after_match, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata
       from (select *, lower(name) || case when is_file then '' else '/' end as sort_key
               from entries) as listed
      order by ${order}
      limit $4 offset $5`,
    [
      bucketId,
      options.prefix,
      options.prefix + options.search,
      Math.min(options.limit, MAX_LISTED),
      options.offset,
    ],
  );
  return rows.map((row) => ({
    name: row.name,
    id: row.id,
    updated_at: timestamp(row.updated_at),
    created_at: timestamp(row.created_at),
    last_accessed_at: timestamp(row.last_accessed_at),
    metadata: row.metadata,
  }));
}
