// Supabase Storage's error: `{statusCode, code, error, message}` with statusCode a string. As the
// Storage server does (its StorageBackendError), the HTTP status is 400 for every refusal and
// 500 for a failure; the refusal's own status (403, 404, 413, 415 ...) is the body's statusCode.
import { isPgError } from "../errors.ts";

export interface StorageErrorBody {
  statusCode: string;
  code: string;
  error: string;
  message: string;
}

export class StorageError extends Error {
  constructor(
    /** The status in the body, e.g. 404 for a missing object. */
    readonly statusCode: number,
    /** Storage's ErrorCode, e.g. "NoSuchKey". */
    readonly code: string,
    message: string,
    /** The body's `error`: a legacy name where Storage has one, else the code. */
    readonly error: string = code,
    /** The HTTP status: 400 for a refusal, 500 for a failure, unless Storage sets another. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
  }

  body(): StorageErrorBody {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

/** Storage's errors (its ERRORS table) that this API answers with. */
export const storageErrors = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "Object not found", "not_found"),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  entityTooLarge: () =>
    new StorageError(
      413,
      "EntityTooLarge",
      "The object exceeded the maximum allowed size",
      "Payload too large",
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(
      415,
      "InvalidMimeType",
      `mime type ${mimeType} is not supported`,
      "invalid_mime_type",
    ),
  accessDenied: (message: string) => new StorageError(403, "AccessDenied", message, "Unauthorized"),
  keyAlreadyExists: () =>
    new StorageError(409, "KeyAlreadyExists", "The resource already exists", "Duplicate"),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message),
  noContentProvided: () => new StorageError(400, "InvalidRequest", "No content provided"),
  invalidHeaderChar: (name: string, value: string) =>
    new StorageError(
      400,
      "InvalidRequest",
      `Invalid character in response header "${name}": ${value.substring(0, 50)}`,
      "invalid_header_char",
    ),
  routeNotFound: (method: string, path: string) =>
    new StorageError(404, "InvalidRequest", `Route ${method}:${path} not found`, "Not Found", 404),
  internal: () => new StorageError(500, "InternalError", "Internal Server Error", "Internal", 500),
};

/** A database error as Storage reports it (its DBError.fromDBError). */
export function fromDatabaseError(error: unknown): unknown {
  if (!isPgError(error)) return error;
  switch (error.code) {
    case "42501":
      return storageErrors.accessDenied(
        error.message.includes("row-level security")
          ? "new row violates row-level security policy"
          : error.message,
      );
    case "23505":
      return storageErrors.keyAlreadyExists();
    case "23503":
      return new StorageError(
        404,
        "InvalidRequest",
        "The related resource does not exist",
        "InvalidRequest",
      );
    case "22P02":
      return new StorageError(400, "InvalidParameter", error.message);
    default:
      return new StorageError(500, "DatabaseError", `database error, code: ${error.code}`);
  }
}

export function storageErrorResponse(error: StorageError): Response {
  return new Response(JSON.stringify(error.body()), {
    status: error.httpStatus,
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
