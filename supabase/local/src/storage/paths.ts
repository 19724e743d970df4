// Bucket ids and object names from a request's path, checked as Storage checks them (its
// limits.ts), and more strictly: a name with an empty, "." or ".." segment is refused, so no
// name can stand for another path.
import type { AppContext } from "../app-env.ts";
import { storageErrors } from "./errors.ts";

// Storage's allowed characters (S3-safe ones and those that need special handling).
const VALID_OBJECT_NAME = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_ID = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
/** S3's limit on a key, in bytes. */
const MAX_NAME_BYTES = 1024;

function decodePathPart(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

export function checkBucketId(bucketId: string | null): string {
  if (
    !bucketId ||
    bucketId.length > 100 ||
    !VALID_BUCKET_ID.test(bucketId) ||
    bucketId === "." ||
    bucketId === ".."
  ) {
    throw storageErrors.invalidBucketName();
  }
  return bucketId;
}

export function checkObjectName(name: string | null): string {
  const segments = (name ?? "").split("/");
  if (
    !name ||
    Buffer.byteLength(name) > MAX_NAME_BYTES ||
    !VALID_OBJECT_NAME.test(name) ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..")
  ) {
    throw storageErrors.invalidKey(name ?? "");
  }
  return name;
}

export interface ObjectPath {
  bucketId: string;
  name: string;
}

/**
 * The request's path as the client wrote it. The URL parser resolves "." and ".." segments
 * (percent-encoded ones too) before a route sees the path, so "a/../b.png" would arrive as
 * "b.png"; read raw, such a name is refused. Only app.request() has no raw request target.
 */
export function requestPath(context: AppContext): string {
  const target = context.env?.incoming?.url ?? new URL(context.req.url).pathname;
  const withoutOrigin = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, "");
  return withoutOrigin.split("?", 1)[0]!;
}

/**
 * What follows `prefix` in a request's path; "" when the raw path does not start with it (its
 * dot segments led the URL parser to this route), which no bucket or name passes.
 */
function afterPrefix(pathname: string, prefix: string): string {
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : "";
}

/**
 * `<bucket>/<name>` after a route's prefix (e.g. "/storage/v1/object/public/"), each part
 * percent-decoded once: the bucket is the first segment, the name all the rest.
 */
export function objectPath(pathname: string, prefix: string): ObjectPath {
  const rest = afterPrefix(pathname, prefix);
  const slash = rest.indexOf("/");
  const bucketId = checkBucketId(decodePathPart(slash < 0 ? rest : rest.slice(0, slash)));
  const encodedName = slash < 0 ? "" : rest.slice(slash + 1);
  return { bucketId, name: checkObjectName(decodePathPart(encodedName) ?? encodedName) };
}

/** The one segment after a route's prefix, e.g. the bucket of "/bucket/<id>". */
export function bucketPath(pathname: string, prefix: string): string {
  return checkBucketId(decodePathPart(afterPrefix(pathname, prefix)));
}
