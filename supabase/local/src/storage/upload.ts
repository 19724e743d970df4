// An upload's file as Storage reads it (its fileUploadFromRequest): a multipart form (the file
// is the form's first file, whatever its field name, as storage-js sends a Blob) or the raw
// body; checked against the bucket's allowed types and size before anything is stored.
import crypto from "node:crypto";
import type { AppContext } from "../app-env.ts";
import type { BucketRules } from "./buckets.ts";
import { checkHeaderValue } from "./download.ts";
import { storageErrors } from "./errors.ts";
import type { ObjectMetadata } from "./objects.ts";

/**
 * The project-wide upload limit: hosted Supabase's and the Supabase CLI's default
 * (`[storage] file_size_limit = "50MiB"`). A bucket's own limit can only lower it.
 */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for a multipart form's boundaries and fields around a file at the limit. */
export const MULTIPART_ALLOWANCE = 1024 * 1024;
/** Storage's limit on an object's user metadata. */
const MAX_USER_METADATA_BYTES = 1024 * 1024;
const DEFAULT_MIME_TYPE = "application/octet-stream";

export interface IncomingFile {
  bytes: Uint8Array;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/**
 * Storage's check: "type/subtype" must equal an allowed type, or the allowed type's subtype is
 * "*". Exact, parameters included: "image/png; charset=x" is not "image/png".
 */
export function checkMimeType(mimetype: string, allowed: string[] | null): void {
  if (!allowed || allowed.length === 0) return;
  const [type, subtype, ...rest] = mimetype.split("/");
  const fits = (entry: string) => {
    const [allowedType, allowedSubtype] = entry.split("/");
    return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
  };
  if (subtype === undefined || rest.length > 0 || !allowed.some(fits)) {
    throw storageErrors.invalidMimeType(mimetype);
  }
}

export function maxFileSize(bucket: BucketRules): number {
  return Math.min(bucket.fileSizeLimit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
}

function parseUserMetadata(json: string): Record<string, unknown> | null {
  if (Buffer.byteLength(json) > MAX_USER_METADATA_BYTES) throw storageErrors.entityTooLarge();
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

async function multipartFile(context: AppContext, bucket: BucketRules): Promise<IncomingFile> {
  let form: FormData;
  try {
    form = await context.req.raw.formData();
  } catch {
    throw storageErrors.noContentProvided();
  }
  const file = [...form.values()].find((value): value is File => value instanceof File);
  if (!file) throw storageErrors.noContentProvided();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value !== "" ? value : null;
  };
  const mimetype = field("contentType") ?? (file.type || DEFAULT_MIME_TYPE);
  checkMimeType(mimetype, bucket.allowedMimeTypes);
  const metadata = field("metadata") ?? field("userMetadata");
  if (file.size > maxFileSize(bucket)) throw storageErrors.entityTooLarge();
  const cacheTime = field("cacheControl");
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    mimetype,
    cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
    userMetadata: metadata === null ? null : parseUserMetadata(metadata),
  };
}

async function rawFile(context: AppContext, bucket: BucketRules): Promise<IncomingFile> {
  const mimetype = context.req.header("content-type") || DEFAULT_MIME_TYPE;
  checkMimeType(mimetype, bucket.allowedMimeTypes);
  const limit = maxFileSize(bucket);
  const declared = Number(context.req.header("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw storageErrors.entityTooLarge();
  const bytes = new Uint8Array(await context.req.arrayBuffer());
  if (bytes.byteLength > limit) throw storageErrors.entityTooLarge();
  const encodedMetadata = context.req.header("x-metadata");
  return {
    bytes,
    mimetype,
    cacheControl: context.req.header("cache-control") ?? "no-cache",
    userMetadata: encodedMetadata
      ? parseUserMetadata(Buffer.from(encodedMetadata, "base64").toString("utf8"))
      : null,
  };
}

/**
 * The request's file, or Storage's refusal (InvalidMimeType, EntityTooLarge, no content,
 * InvalidHeaderChar). A type or cache control that a download could not send as a header is
 * refused before anything is stored, not left to fail every later download.
 */
export async function incomingFile(
  context: AppContext,
  bucket: BucketRules,
): Promise<IncomingFile> {
  const contentType = context.req.header("content-type") ?? "";
  const file = contentType.startsWith("multipart/form-data")
    ? await multipartFile(context, bucket)
    : await rawFile(context, bucket);
  checkHeaderValue("content-type", file.mimetype);
  checkHeaderValue("cache-control", file.cacheControl);
  return file;
}

/** The metadata Storage records for a stored file (S3's answer: a quoted MD5 as the ETag). */
export function fileMetadata(file: IncomingFile, storedAt: Date): ObjectMetadata {
  const md5 = crypto.createHash("md5").update(file.bytes).digest("hex");
  return {
    eTag: `"${md5}"`,
    size: file.bytes.byteLength,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: storedAt.toISOString(),
    contentLength: file.bytes.byteLength,
    httpStatusCode: 200,
  };
}
