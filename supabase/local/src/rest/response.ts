// Pieces of a /rest/v1 answer: the page's limit, Content-Range and its status, and the
// single-object form.
import { ApiError } from "../errors.ts";
import type { RestRequest } from "./request.ts";

export class SingleObjectError extends ApiError {
  constructor(rowCount: number) {
    super(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${rowCount} rows`,
    );
  }
}

/** A read's `limit`, never above max_rows (PostgREST's db-max-rows; writes are not capped). */
export function pageLimit(request: RestRequest, requested: number | null): number {
  return requested === null ? request.maxRows : Math.min(requested, request.maxRows);
}

export function contentRange(offset: number, rowCount: number, total: number | null): string {
  const range = rowCount > 0 ? `${offset}-${offset + rowCount - 1}` : "*";
  return `${range}/${total === null ? "*" : total}`;
}

/** 200, or 206 when a known total has more rows than the page; 416 past the end. */
export function rangeStatus(offset: number, rowCount: number, total: number | null): number {
  if (total === null) return 200;
  if (offset > total) {
    throw new ApiError(
      416,
      "PGRST103",
      "Requested range not satisfiable",
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
      null,
      { "content-range": `*/${total}` },
    );
  }
  return rowCount < total ? 206 : 200;
}

export function singleObject(jsonArray: string): string {
  return jsonArray.slice(1, -1).trim();
}
