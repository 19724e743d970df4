// An object's bytes as Storage serves them (its asset renderer): the stored type (HTML served as
// plain text), cache control, ETag and Last-Modified from the object's metadata, and
// Content-Disposition for ?download. A 304 for a matching If-None-Match is hono/etag's.
import type { ObjectFiles } from "./files.ts";
import type { ObjectMetadata, ObjectVersion } from "./objects.ts";
import { StorageError, storageErrors } from "./errors.ts";

// Printable ASCII and Latin-1 letters: no line break or other control character (C0, DEL, C1)
// can split a header or make setting one throw.
const HEADER_VALUE = /^[\x20-\x7e\xa0-\xff]*$/;

/**
 * A stored value that a download sends as a header, or Storage's InvalidHeaderChar refusal (its
 * answer when a stored value cannot be sent), so a bad value is never a 500.
 */
export function checkHeaderValue(name: string, value: string): string {
  if (!HEADER_VALUE.test(value)) throw storageErrors.invalidHeaderChar(name, value);
  return value;
}

/** Storage's answer when the row exists but its file does not. */
function fileNotFound(): Response {
  const error = new StorageError(404, "NoSuchKey", "The resource was not found", "Not found");
  return new Response(JSON.stringify(error.body()), {
    status: 400,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });
}

function contentDisposition(download: string): string {
  if (download === "") return "attachment;";
  const encoded = encodeURIComponent(download);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}

export async function objectResponse(
  files: ObjectFiles,
  object: ObjectVersion,
  download: string | undefined,
): Promise<Response> {
  const bytes = object.version ? await files.read(object.version) : null;
  if (!bytes) return fileNotFound();
  const metadata: Partial<ObjectMetadata> = object.metadata ?? {};
  const mimetype = metadata.mimetype || "application/octet-stream";
  const headers = new Headers({
    "content-type": checkHeaderValue(
      "content-type",
      mimetype.includes("text/html") ? "text/plain" : mimetype,
    ),
    "content-length": String(bytes.byteLength),
    "cache-control": checkHeaderValue("cache-control", metadata.cacheControl || "no-cache"),
    "x-robots-tag": "none",
  });
  if (metadata.eTag) headers.set("etag", checkHeaderValue("etag", metadata.eTag));
  const lastModified = metadata.lastModified ? new Date(metadata.lastModified) : null;
  if (lastModified && !Number.isNaN(lastModified.getTime())) {
    headers.set("last-modified", lastModified.toUTCString());
  }
  if (download !== undefined) headers.set("content-disposition", contentDisposition(download));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
