// storage.buckets: Storage's own lookup of a bucket (as its superuser), and the reads of
// /bucket, which run under the caller's role (so only buckets a policy shows are listed).
import type { Queryable } from "../db.ts";
import { quoteIdent } from "../db.ts";
import { storageErrors } from "./errors.ts";
import type { BucketListOptions } from "./request-body.ts";

/** What an upload or a download needs to know of its bucket. */
export interface BucketRules {
  id: string;
  public: boolean;
  /** Bytes; null: only the global limit. */
  fileSizeLimit: number | null;
  /** null or empty: any type. */
  allowedMimeTypes: string[] | null;
}

/** The bucket as Storage's superuser sees it (no policy applies), or NoSuchBucket. */
export async function findBucketRules(
  connection: Queryable,
  bucketId: string,
): Promise<BucketRules> {
  const { rows } = await connection.query<{
    id: string;
    public: boolean | null;
    file_size_limit: string | number | null;
    allowed_mime_types: string[] | null;
  }>(`select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`, [
    bucketId,
  ]);
  const bucket = rows[0];
  if (!bucket) throw storageErrors.noSuchBucket();
  return {
    id: bucket.id,
    public: bucket.public === true,
    fileSizeLimit: bucket.file_size_limit === null ? null : Number(bucket.file_size_limit),
    allowedMimeTypes: bucket.allowed_mime_types,
  };
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean | null;
  type?: string;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date | string | null;
  updated_at: Date | string | null;
}

const timestamp = (value: Date | string | null) =>
  value instanceof Date ? value.toISOString() : (value ?? "");

/** A bucket as Storage's response schema writes it (a null string becomes ""). */
function bucketBody(row: BucketRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? "",
    public: row.public === true,
    ...(row.type === undefined ? {} : { type: row.type }),
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
  };
}

const BUCKET_COLUMNS =
  "id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types";

/** GET /bucket/<id>: the bucket if the caller's policies show it, else NoSuchBucket. */
export async function readBucket(
  transaction: Queryable,
  bucketId: string,
): Promise<Record<string, unknown>> {
  const { rows } = await transaction.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1 limit 1`,
    [bucketId],
  );
  if (!rows[0]) throw storageErrors.noSuchBucket();
  return bucketBody(rows[0]);
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** GET /bucket: the buckets the caller's policies show, filtered, sorted and paged. */
export async function listBuckets(
  transaction: Queryable,
  options: BucketListOptions,
): Promise<Record<string, unknown>[]> {
  const params: unknown[] = [];
  const where = options.search
    ? `where name ilike $${params.push(`%${escapeLike(options.search)}%`)}`
    : "";
  const order = options.sortColumn
    ? `order by ${quoteIdent(options.sortColumn)} ${options.sortOrder === "desc" ? "desc" : "asc"}`
    : "";
  const limit = options.limit === undefined ? "" : `limit $${params.push(options.limit)}`;
  const offset = options.offset === undefined ? "" : `offset $${params.push(options.offset)}`;
  const { rows } = await transaction.query<BucketRow>(
    `select ${BUCKET_COLUMNS}, type::text as type from storage.buckets ${where} ${order} ${limit} ${offset}`,
    params,
  );
  return rows.map(bucketBody);
}
