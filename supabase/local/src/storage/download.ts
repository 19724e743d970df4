// An object's bytes as Storage serves them (its asset renderer): the stored type (HTML served as
// plain text), cache control, ETag and Last-Modified from the object's metadata, and
// Content-Disposition for ?download. A 304 for a matching If-None-Match is hono/etag's.
import type { ObjectFiles } from "./files.ts";
import type { ObjectMetadata, ObjectVersion } from "./objects.ts";
import { StorageError } from "./errors.ts";

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
    "content-type": mimetype.includes("text/html") ? "text/plain" : mimetype,
    "content-length": String(bytes.byteLength),
    "cache-control": metadata.cacheControl || "no-cache",
    "x-robots-tag": "none",
  });
  if (metadata.eTag) headers.set("etag", metadata.eTag);
  const lastModified = metadata.lastModified ? new Date(metadata.lastModified) : null;
  if (lastModified && !Number.isNaN(lastModified.getTime())) {
    headers.set("last-modified", lastModified.toUTCString());
  }
  if (download !== undefined) headers.set("content-disposition", contentDisposition(download));
  return new Response(new Uint8Array(bytes), { status: 200, headers });
}
