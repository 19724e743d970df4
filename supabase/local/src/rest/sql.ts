// Building blocks of the SQL that /rest/v1 sends: bound parameters, select-list items and
// the JSON wrapping of a result.
import { quoteIdent, type Queryable } from "../db.ts";
import type { SelectItem } from "./parse.ts";

export class QueryParameters {
  readonly values: unknown[] = [];

  /** Binds `value` and returns its placeholder ($1, $2, ...). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function selectExpression(
  name: string,
  item: Extract<SelectItem, { kind: "column" }>,
): string {
  // The cast is a catalog type name from the parser; quoted, it can only ever name a type.
  const expression = item.cast ? `${quoteIdent(name)}::${quoteIdent(item.cast)}` : quoteIdent(name);
  return `${expression} as ${quoteIdent(item.alias ?? name)}`;
}

/** Rows of `innerSelect` as one JSON array (text), their number, and `totalSql` as total. */
export function jsonRowsSql(innerSelect: string, totalSql = "null::int"): string {
  return (
    `select coalesce(json_agg(pgrst_rows), '[]')::text as body, count(*)::int as row_count, ` +
    `${totalSql} as total from (${innerSelect}) pgrst_rows`
  );
}

interface JsonRows {
  body: string;
  row_count: number;
  total: number | null;
}

export interface Rows {
  /** A JSON array (text). */
  body: string;
  rowCount: number;
  /** The rows before the page, when counted. */
  total: number | null;
}

/** Runs a `jsonRowsSql` statement and reads its one row. */
export async function queryJsonRows(
  queryable: Queryable,
  sql: string,
  values: unknown[],
): Promise<Rows> {
  const result = await queryable.query<JsonRows>(sql, values);
  const { body, row_count, total } = result.rows[0]!;
  return { body, rowCount: Number(row_count), total: total ?? null };
}
