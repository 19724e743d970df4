// Pieces of a /rest/v1 answer: the page (limit and offset), Content-Range and its status, and
// the single-object form; and the answer of a read (a table's rows or a function's).
import { ApiError } from "../errors.ts";
import { nonNegativeInt } from "./parse.ts";
import { JSON_CONTENT_TYPE, type RestRequest, type RestResponse } from "./request.ts";
import type { QueryParameters, Rows } from "./sql.ts";

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
function pageLimit(request: RestRequest, requested: number | null): number {
  return requested === null ? request.maxRows : Math.min(requested, request.maxRows);
}

/** A read's `limit` and `offset` as the SQL that ends its select, bound in `parameters`. */
export function pageClause(
  request: RestRequest,
  parameters: QueryParameters,
): { sql: string; offset: number } {
  const { searchParams } = request;
  const limit = pageLimit(request, nonNegativeInt(searchParams.get("limit"), "limit"));
  const offset = nonNegativeInt(searchParams.get("offset"), "offset") ?? 0;
  let sql = ` limit ${parameters.add(limit)}`;
  if (offset) sql += ` offset ${parameters.add(offset)}`;
  return { sql, offset };
}

function contentRange(offset: number, rowCount: number, total: number | null): string {
  const range = rowCount > 0 ? `${offset}-${offset + rowCount - 1}` : "*";
  return `${range}/${total === null ? "*" : total}`;
}

/** 200, or 206 when a known total has more rows than the page; 416 past the end. */
function rangeStatus(offset: number, rowCount: number, total: number | null): number {
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

export interface ReadShape {
  offset: number;
  /** The one row as an object instead of an array. */
  single: boolean;
  /** False for a function returning no rows: its Content-Range then has no range. */
  ranged: boolean;
}

/** A read's answer: its status and Content-Range from the page, no body for HEAD. */
export function readAnswer(request: RestRequest, rows: Rows, shape: ReadShape): RestResponse {
  const { offset, single, ranged } = shape;
  const { body, rowCount, total } = rows;
  return {
    status: rangeStatus(offset, rowCount, total),
    headers: {
      "content-type": JSON_CONTENT_TYPE,
      "content-range": ranged ? contentRange(offset, rowCount, total) : "*/*",
    },
    body: request.method === "HEAD" ? null : single ? singleObject(body) : body,
  };
}
