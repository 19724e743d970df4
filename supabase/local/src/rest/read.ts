// GET and HEAD on a table: select, filters, order, limit/offset (never more than max_rows),
// and the exact count.
import type { Db } from "../db.ts";
import { whereConditions } from "./filters.ts";
import { preferences, wantsSingleObject, type RestRequest, type RestResponse } from "./request.ts";
import { pageClause, readAnswer } from "./response.ts";
import { jsonRowsSql, queryJsonRows } from "./sql.ts";
import { orderByClause, qualifiedName, selectList, type TableScope } from "./table-scope.ts";
import { inRequestTransaction } from "./transaction.ts";

interface ReadStatements {
  rowsSql: string;
  countSql: string;
  countValues: unknown[];
  offset: number;
}

async function readStatements(request: RestRequest, scope: TableScope): Promise<ReadStatements> {
  const { searchParams } = request;
  const columns = await selectList(scope, searchParams.get("select"));
  const conditions = await whereConditions(scope, searchParams);
  const order = await orderByClause(scope, searchParams.get("order"));
  const table = qualifiedName(scope.table);
  const where = conditions.length ? ` where ${conditions.join(" and ")}` : "";
  // The count runs without the page's parameters, which are bound after this copy.
  const countValues = [...scope.parameters.values];
  const page = pageClause(request, scope.parameters);
  return {
    rowsSql: jsonRowsSql(`select ${columns} from ${table}${where}${order}${page.sql}`),
    countSql: `select count(*)::int as total from ${table}${where}`,
    countValues,
    offset: page.offset,
  };
}

export async function readRows(
  db: Db,
  request: RestRequest,
  scope: TableScope,
): Promise<RestResponse> {
  const single = wantsSingleObject(request);
  const countWanted = preferences(request).has("count");
  const statements = await readStatements(request, scope);
  const rows = await inRequestTransaction(db, request, { single }, async (transaction) => {
    const rows = await queryJsonRows(transaction, statements.rowsSql, scope.parameters.values);
    if (!countWanted) return rows;
    const counted = await transaction.query<{ total: number }>(
      statements.countSql,
      statements.countValues,
    );
    return { ...rows, total: counted.rows[0]!.total };
  });
  return readAnswer(request, rows, { offset: statements.offset, single, ranged: true });
}
