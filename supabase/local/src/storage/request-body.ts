// The JSON bodies and query strings of /storage/v1, checked as Storage's route schemas check
// them: a value of the wrong type or out of range is 400 InvalidRequest, never a guess.
import type { AppContext } from "../app-env.ts";
import { storageErrors } from "./errors.ts";

export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const BUCKET_SORT_COLUMNS = ["id", "name", "created_at", "updated_at"] as const;
export const OBJECT_SORT_COLUMNS = [
  "name",
  "updated_at",
  "created_at",
  "last_accessed_at",
] as const;

export interface BucketListOptions {
  limit?: number;
  offset?: number;
  sortColumn?: (typeof BUCKET_SORT_COLUMNS)[number];
  sortOrder?: SortOrder;
  search?: string;
}

export interface ObjectListOptions {
  /** A folder: "" or ending with "/". */
  prefix: string;
  limit: number;
  offset: number;
  sortColumn: (typeof OBJECT_SORT_COLUMNS)[number];
  sortOrder: SortOrder;
  search: string;
}

/** Storage's limit on the objects one request may delete. */
export const MAX_OBJECTS_PER_REQUEST = 1000;

const invalid = (message: string) => storageErrors.invalidRequest(message);

export async function jsonObjectBody(context: AppContext): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = JSON.parse(await context.req.text());
  } catch {
    throw invalid("Body is not valid JSON");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw invalid("body must be object");
  }
  return body as Record<string, unknown>;
}

function integer(value: unknown, where: string, minimum: number): number | undefined {
  if (value === undefined) return undefined;
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number)) {
    throw invalid(`${where} must be integer`);
  }
  if (number < minimum) throw invalid(`${where} must be >= ${minimum}`);
  return number;
}

function string(value: unknown, where: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalid(`${where} must be string`);
  return value;
}

function oneOf<T extends string>(
  value: unknown,
  where: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) {
    throw invalid(`${where} must be equal to one of the allowed values`);
  }
  return value as T;
}

/** GET /bucket's query string. */
export function bucketListOptions(query: URLSearchParams): BucketListOptions {
  const value = (name: string) => query.get(name) ?? undefined;
  return {
    limit: integer(value("limit"), "querystring/limit", 1),
    offset: integer(value("offset"), "querystring/offset", 0),
    sortColumn: oneOf(value("sortColumn"), "querystring/sortColumn", BUCKET_SORT_COLUMNS),
    sortOrder: oneOf(value("sortOrder"), "querystring/sortOrder", SORT_ORDERS),
    search: value("search"),
  };
}

/** POST /object/list/<bucket>'s body: prefix (required), limit, offset, sortBy, search. */
export function objectListOptions(body: Record<string, unknown>): ObjectListOptions {
  const prefix = string(body.prefix, "body/prefix");
  if (prefix === undefined) throw invalid("body must have required property 'prefix'");
  let sortColumn: ObjectListOptions["sortColumn"] = "name";
  let sortOrder: SortOrder = "asc";
  if (body.sortBy !== undefined) {
    const sortBy = body.sortBy as Record<string, unknown>;
    if (!sortBy || typeof sortBy !== "object" || Array.isArray(sortBy)) {
      throw invalid("body/sortBy must be object");
    }
    if (sortBy.column === undefined) {
      throw invalid("body/sortBy must have required property 'column'");
    }
    sortColumn = oneOf(sortBy.column, "body/sortBy/column", OBJECT_SORT_COLUMNS)!;
    sortOrder = oneOf(sortBy.order, "body/sortBy/order", SORT_ORDERS) ?? "asc";
  }
  return {
    // A prefix names a folder (Storage adds the slash).
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
    limit: integer(body.limit, "body/limit", 1) ?? 100,
    offset: integer(body.offset, "body/offset", 0) ?? 0,
    sortColumn,
    sortOrder,
    search: string(body.search, "body/search") ?? "",
  };
}

/** DELETE /object/<bucket>'s body: `{prefixes: [name, ...]}`, 1 to 1,000 names. */
export function removedNames(body: Record<string, unknown>): string[] {
  const { prefixes } = body;
  if (prefixes === undefined) throw invalid("body must have required property 'prefixes'");
  if (!Array.isArray(prefixes)) throw invalid("body/prefixes must be array");
  if (prefixes.length < 1) throw invalid("body/prefixes must NOT have fewer than 1 items");
  prefixes.forEach((name, index) => string(name, `body/prefixes/${index}`));
  if (prefixes.length > MAX_OBJECTS_PER_REQUEST) {
    throw invalid(
      `Bulk object requests are limited to ${MAX_OBJECTS_PER_REQUEST} objects per request.`,
    );
  }
  return prefixes as string[];
}
