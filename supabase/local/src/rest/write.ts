// What insert, update and delete share: running the statement in the request's transaction,
// `return=representation`, the single-object check, `tx=rollback`, and the answer's headers.
import type { Db, Queryable } from "../db.ts";
import {
  JSON_CONTENT_TYPE,
  preferences,
  wantsSingleObject,
  type RestRequest,
  type RestResponse,
} from "./request.ts";
import { singleObject } from "./response.ts";
import { jsonRowsSql, queryJsonRows, type Rows } from "./sql.ts";
import { qualifiedName, selectList, type TableScope } from "./table-scope.ts";
import { inRequestTransaction } from "./transaction.ts";

interface WritePlan {
  /** Empty: nothing to write (an empty array, an update without columns). */
  statement: string;
  /** The statement wrapped to return the written rows as JSON, or null for a row count. */
  returningSql: string | null;
}

async function write(
  transaction: Queryable,
  plan: WritePlan,
  values: unknown[],
): Promise<Pick<Rows, "body" | "rowCount">> {
  if (!plan.statement) return { body: "[]", rowCount: 0 };
  if (plan.returningSql) return queryJsonRows(transaction, plan.returningSql, values);
  const result = await transaction.query(plan.statement, values);
  return { body: "[]", rowCount: result.rowCount };
}

export async function executeWrite(
  db: Db,
  request: RestRequest,
  scope: TableScope,
  statement: string,
): Promise<RestResponse> {
  const prefer = preferences(request);
  const returnsRows = (prefer.get("return") ?? "minimal") === "representation";
  const countWanted = prefer.has("count");
  const single = wantsSingleObject(request);
  let returningSql: string | null = null;
  if (returnsRows) {
    const columns = await selectList(scope, request.searchParams.get("select"));
    returningSql =
      `with pgrst_source as (${statement} returning ${qualifiedName(scope.table)}.*) ` +
      jsonRowsSql(`select ${columns} from pgrst_source`);
  }
  const checks = { single, rollback: prefer.get("tx") === "rollback" };
  const result = await inRequestTransaction(db, request, checks, (transaction) =>
    write(transaction, { statement, returningSql }, scope.parameters.values),
  );

  const isInsert = request.method === "POST";
  const headers: Record<string, string> = { "content-type": JSON_CONTENT_TYPE };
  if (countWanted || !isInsert) {
    headers["content-range"] = `*/${countWanted ? result.rowCount : "*"}`;
  }
  if (!returnsRows) return { status: isInsert ? 201 : 204, headers, body: null };
  const body = single ? singleObject(result.body) : result.body;
  return { status: isInsert ? 201 : 200, headers, body };
}
