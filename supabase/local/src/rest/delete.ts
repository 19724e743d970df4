// DELETE on a table: every row the filters select (a filter is required, as on hosted Supabase).
import type { Db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { whereConditions } from "./filters.ts";
import type { RestRequest, RestResponse } from "./request.ts";
import { qualifiedName, type TableScope } from "./table-scope.ts";
import { executeWrite } from "./write.ts";

export async function deleteRows(
  db: Db,
  request: RestRequest,
  scope: TableScope,
): Promise<RestResponse> {
  const conditions = await whereConditions(scope, request.searchParams);
  if (conditions.length === 0) throw new ApiError(400, "21000", "DELETE requires a WHERE clause");
  const statement = `delete from ${qualifiedName(scope.table)} where ${conditions.join(" and ")}`;
  return executeWrite(db, request, scope, statement);
}
