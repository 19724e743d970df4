// What insert, update and delete share: running the statement in the request's transaction,
// `return=representation`, the single-object check, `tx=rollback`, and the answer's headers.
import type { Db, Queryable } from "../db.ts";
import {
  JSON_CONTENT_TYPE,
  preferences,
  transactionOptions,
  wantsSingleObject,
  type RestRequest,
  type RestResponse,
} from "./request.ts";
import { singleObject, SingleObjectError } from "./response.ts";
import { jsonRowsSql, type JsonRows } from "./sql.ts";
import { qualifiedName, selectList, type TableScope } from "./table-scope.ts";

interface WriteResult {
  body: string;
  rowCount: number;
}

interface WritePlan {
  /** Empty: nothing to write (an empty array, an update without columns). */
  statement: string;
  /** The statement wrapped to return the written rows as JSON, or null for a row count. */
  returningSql: string | null;
  single: boolean;
  rollback: boolean;
}

/** Ends the transaction with a rollback while still answering with what was written. */
class RollbackSignal extends Error {
  constructor(readonly result: WriteResult) {
    super("rollback");
  }
}

async function write(
  transaction: Queryable,
  plan: WritePlan,
  values: unknown[],
): Promise<WriteResult> {
  if (!plan.statement) return { body: "[]", rowCount: 0 };
  if (plan.returningSql) {
    const result = await transaction.query<JsonRows>(plan.returningSql, values);
    return { body: result.rows[0]!.body, rowCount: Number(result.rows[0]!.row_count) };
  }
  const result = await transaction.query(plan.statement, values);
  return { body: "[]", rowCount: result.rowCount };
}

async function runWrite(
  db: Db,
  request: RestRequest,
  plan: WritePlan,
  values: unknown[],
): Promise<WriteResult> {
  try {
    return await db.transaction(transactionOptions(request), async (transaction) => {
      const result = await write(transaction, plan, values);
      if (plan.single && result.rowCount !== 1) throw new SingleObjectError(result.rowCount);
      if (plan.rollback) throw new RollbackSignal(result);
      return result;
    });
  } catch (error) {
    if (error instanceof RollbackSignal) return error.result;
    throw error;
  }
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
  const plan = { statement, returningSql, single, rollback: prefer.get("tx") === "rollback" };
  const result = await runWrite(db, request, plan, scope.parameters.values);

  const isInsert = request.method === "POST";
  const headers: Record<string, string> = { "content-type": JSON_CONTENT_TYPE };
  if (countWanted || !isInsert) {
    headers["content-range"] = `*/${countWanted ? result.rowCount : "*"}`;
  }
  if (!returnsRows) return { status: isInsert ? 201 : 204, headers, body: null };
  const body = single ? singleObject(result.body) : result.body;
  return { status: isInsert ? 201 : 200, headers, body };
}
