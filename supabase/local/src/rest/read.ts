// GET and HEAD on a table: select, filters, order, limit/offset (never more than max_rows),
// and the exact count.
import type { Db } from "../db.ts";
import { whereConditions } from "./filters.ts";
import { nonNegativeInt } from "./parse.ts";
import {
  JSON_CONTENT_TYPE,
  preferences,
  transactionOptions,
  wantsSingleObject,
  type RestRequest,
  type RestResponse,
} from "./request.ts";
import {
  contentRange,
  pageLimit,
  rangeStatus,
  singleObject,
  SingleObjectError,
} from "./response.ts";
import { jsonRowsSql, type JsonRows } from "./sql.ts";
import { orderByClause, qualifiedName, selectList, type TableScope } from "./table-scope.ts";

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
  const limit = pageLimit(request, nonNegativeInt(searchParams.get("limit"), "limit"));
  const offset = nonNegativeInt(searchParams.get("offset"), "offset") ?? 0;
  const table = qualifiedName(scope.table);
  const where = conditions.length ? ` where ${conditions.join(" and ")}` : "";
  // The count runs without the page's parameters, which are bound after this copy.
  const countValues = [...scope.parameters.values];
  let page = ` limit ${scope.parameters.add(limit)}`;
  if (offset) page += ` offset ${scope.parameters.add(offset)}`;
  return {
    rowsSql: jsonRowsSql(`select ${columns} from ${table}${where}${order}${page}`),
    countSql: `select count(*)::int as total from ${table}${where}`,
    countValues,
    offset,
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
  const { body, rowCount, total } = await db.transaction(
    transactionOptions(request),
    async (transaction) => {
      const rows = await transaction.query<JsonRows>(statements.rowsSql, scope.parameters.values);
      let total: number | null = null;
      if (countWanted) {
        const counted = await transaction.query<{ total: number }>(
          statements.countSql,
          statements.countValues,
        );
        total = counted.rows[0]!.total;
      }
      return { body: rows.rows[0]!.body, rowCount: Number(rows.rows[0]!.row_count), total };
    },
  );
  if (single && rowCount !== 1) throw new SingleObjectError(rowCount);
  const { offset } = statements;
  const status = rangeStatus(offset, rowCount, total);
  const headers = {
    "content-type": JSON_CONTENT_TYPE,
    "content-range": contentRange(offset, rowCount, total),
  };
  const payload = single ? singleObject(body) : body;
  return { status, headers, body: request.method === "HEAD" ? null : payload };
}
