// /rest/v1: the subset of PostgREST that supabase-js uses, compiled to one parameterised SQL
// statement per request. Identifiers come from the schema cache and are quoted; every value
// is a bound parameter.
import type { Db } from "../db.ts";
import { ApiError, fromPgError, isPgError } from "../errors.ts";
import type { SchemaCache } from "../schema-cache.ts";
import { deleteRows } from "./delete.ts";
import { insertRows } from "./insert.ts";
import { readRows } from "./read.ts";
import { isReadMethod, type RestRequest, type RestResponse } from "./request.ts";
import { callFunction } from "./rpc.ts";
import { QueryParameters } from "./sql.ts";
import { updateRows } from "./update.ts";

const TABLE_HANDLERS = {
  GET: readRows,
  HEAD: readRows,
  POST: insertRows,
  PATCH: updateRows,
  DELETE: deleteRows,
};

function checkProfile(request: RestRequest): void {
  const header = isReadMethod(request.method) ? "accept-profile" : "content-profile";
  const profile = request.headers.get(header);
  if (profile && profile !== "public") {
    throw new ApiError(406, "PGRST106", "The schema must be one of the following: public");
  }
}

async function dispatch(db: Db, schemaCache: SchemaCache, request: RestRequest) {
  checkProfile(request);
  if (request.table.startsWith("rpc/")) return callFunction(db, schemaCache, request);
  const table = await schemaCache.table(request.table);
  if (!table) {
    throw new ApiError(
      404,
      "PGRST205",
      `Could not find the table 'public.${request.table}' in the schema cache`,
    );
  }
  if (!Object.hasOwn(TABLE_HANDLERS, request.method)) {
    throw new ApiError(405, "PGRST117", `Unsupported HTTP method: ${request.method}`);
  }
  const handler = TABLE_HANDLERS[request.method as keyof typeof TABLE_HANDLERS];
  return handler(db, request, { schemaCache, table, parameters: new QueryParameters() });
}

/** Answers a REST request; database errors become PostgREST errors for the request's role. */
export async function handleRestRequest(
  db: Db,
  schemaCache: SchemaCache,
  request: RestRequest,
): Promise<RestResponse> {
  try {
    return await dispatch(db, schemaCache, request);
  } catch (error) {
    throw isPgError(error) ? fromPgError(error, request.role) : error;
  }
}
