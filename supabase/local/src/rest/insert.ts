// POST on a table: insert an object or an array, `columns`, `missing=default`, and upsert
// (`resolution=merge-duplicates|ignore-duplicates`, `on_conflict`).
import { quoteIdent, type Db } from "../db.ts";
import { ApiError } from "../errors.ts";
import { parseNameList } from "./parse.ts";
import { parseJsonBody, preferences, type RestRequest, type RestResponse } from "./request.ts";
import { qualifiedName, requireColumn, type TableScope } from "./table-scope.ts";
import { executeWrite } from "./write.ts";

type Row = Record<string, unknown>;

function bodyRows(body: string): Row[] {
  const parsed = parseJsonBody(body);
  const rows = (Array.isArray(parsed) ? parsed : [parsed]) as Row[];
  if (rows.some((row) => !row || typeof row !== "object" || Array.isArray(row))) {
    throw new ApiError(400, "PGRST102", "All object keys must match", null, null);
  }
  return rows;
}

/** `columns=a,b`, or every key that appears in some row. */
function insertedColumns(request: RestRequest, rows: Row[]): string[] {
  const columns = request.searchParams.get("columns");
  if (columns) return parseNameList(columns, "columns");
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys];
}

/** What follows `insert into table (columns)`. */
function insertSource(scope: TableScope, rows: Row[], keys: string[], missingDefault: boolean) {
  const { parameters } = scope;
  const table = qualifiedName(scope.table);
  if (keys.length === 0) {
    return rows.length === 1
      ? "default values"
      : `select from generate_series(1, ${parameters.add(rows.length)}::int)`;
  }
  // With missing=default a key absent from a row takes the column default, not null.
  if (missingDefault && rows.some((row) => keys.some((key) => !(key in row)))) {
    const tuples = rows.map((row) => {
      const json = parameters.add(JSON.stringify(row));
      const record = `(json_populate_record(null::${table}, ${json}::json))`;
      const values = keys.map((key) => (key in row ? `${record}.${quoteIdent(key)}` : "default"));
      return `(${values.join(", ")})`;
    });
    return `values ${tuples.join(", ")}`;
  }
  const columnList = keys.map(quoteIdent).join(", ");
  const json = parameters.add(JSON.stringify(rows));
  return `select ${columnList} from json_populate_recordset(null::${table}, ${json}::json)`;
}

async function conflictClause(
  scope: TableScope,
  request: RestRequest,
  resolution: string | undefined,
  keys: string[],
): Promise<string> {
  if (resolution !== "merge-duplicates" && resolution !== "ignore-duplicates") return "";
  const onConflict = request.searchParams.get("on_conflict");
  const target = onConflict ? parseNameList(onConflict, "on_conflict") : scope.table.primaryKey;
  for (const column of target) await requireColumn(scope, column);
  if (target.length === 0) {
    throw new ApiError(400, "PGRST100", "An upsert needs on_conflict or a primary key");
  }
  const targetList = target.map(quoteIdent).join(", ");
  if (resolution === "ignore-duplicates" || keys.length === 0) {
    return ` on conflict (${targetList}) do nothing`;
  }
  const updates = keys.map((key) => `${quoteIdent(key)} = excluded.${quoteIdent(key)}`);
  return ` on conflict (${targetList}) do update set ${updates.join(", ")}`;
}

export async function insertRows(
  db: Db,
  request: RestRequest,
  scope: TableScope,
): Promise<RestResponse> {
  const rows = bodyRows(request.body);
  const keys = insertedColumns(request, rows);
  for (const key of keys) await requireColumn(scope, key, "body");
  const prefer = preferences(request);
  const source =
    rows.length === 0 ? "" : insertSource(scope, rows, keys, prefer.get("missing") === "default");
  const conflict = await conflictClause(scope, request, prefer.get("resolution"), keys);
  const columns = keys.length ? `(${keys.map(quoteIdent).join(", ")}) ` : "";
  const statement =
    rows.length === 0
      ? ""
      : `insert into ${qualifiedName(scope.table)} ${columns}${source}${conflict}`;
  return executeWrite(db, request, scope, statement);
}
