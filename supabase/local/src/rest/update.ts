// PATCH on a table: the body's columns on every row the filters select (a filter is required,
// as on hosted Supabase).
import { quoteIdent, type Db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { whereConditions } from "./filters.ts";
import { parseJsonObject, type RestRequest, type RestResponse } from "./request.ts";
import { qualifiedName, requireColumn, type TableScope } from "./table-scope.ts";
import { executeWrite } from "./write.ts";

export async function updateRows(
  db: Db,
  request: RestRequest,
  scope: TableScope,
): Promise<RestResponse> {
  const patch = parseJsonObject(request.body);
  const keys = Object.keys(patch);
  for (const key of keys) await requireColumn(scope, key, "body");
  const payload = scope.parameters.add(JSON.stringify(patch));
  const conditions = await whereConditions(scope, request.searchParams);
  if (conditions.length === 0) throw new ApiError(400, "21000", "UPDATE requires a WHERE clause");
  const table = qualifiedName(scope.table);
  const assignments = keys.map((key) => `${quoteIdent(key)} = pgrst_body.${quoteIdent(key)}`);
  const statement = keys.length
    ? `update ${table} set ${assignments.join(", ")} ` +
      `from json_populate_record(null::${table}, ${payload}::json) pgrst_body ` +
      `where ${conditions.join(" and ")}`
    : "";
  return executeWrite(db, request, scope, statement);
}
