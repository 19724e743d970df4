// What a statement on one table is compiled against: the table from the schema cache, its
// columns (checked, never trusted from the URL or body) and the statement's bound parameters.
import { quoteIdent } from "../db.ts";
import { ApiError } from "../errors.ts";
import type { Column, SchemaCache, Table } from "../schema-cache.ts";
import { parseOrder, parseSelect } from "./parse.ts";
import { selectExpression, type QueryParameters } from "./sql.ts";

export interface TableScope {
  schemaCache: SchemaCache;
  table: Table;
  parameters: QueryParameters;
}

export function qualifiedName(table: Table): string {
  return `${quoteIdent("public")}.${quoteIdent(table.name)}`;
}

/**
 * The column, or PostgREST's error for it: PGRST204 for a key of a written body, 42703 for
 * a column named in the query string.
 */
export async function requireColumn(
  scope: TableScope,
  name: string,
  usage: "query" | "body" = "query",
): Promise<Column> {
  const column = await scope.schemaCache.column(scope.table, name);
  if (column) return column;
  if (usage === "body") {
    throw new ApiError(
      400,
      "PGRST204",
      `Could not find the '${name}' column of '${scope.table.name}' in the schema cache`,
    );
  }
  throw new ApiError(400, "42703", `column ${scope.table.name}.${name} does not exist`);
}

/** The select list of `select`, its columns checked against the table. */
export async function selectList(scope: TableScope, select: string | null): Promise<string> {
  const items = parseSelect(select);
  if (!items) return "*";
  const expressions: string[] = [];
  for (const item of items) {
    if (item.kind === "all") {
      expressions.push("*");
      continue;
    }
    if (item.kind === "embedded") {
      throw new ApiError(
        400,
        "PGRST200",
        `Could not find a relationship for '${item.text}' in the schema cache`,
        "Embedded resources are not supported by the local stack",
      );
    }
    const column = await requireColumn(scope, item.name);
    expressions.push(selectExpression(column.name, item));
  }
  return expressions.join(", ");
}

export async function orderByClause(scope: TableScope, order: string | null): Promise<string> {
  if (!order) return "";
  const terms: string[] = [];
  for (const term of parseOrder(order)) {
    const column = await requireColumn(scope, term.column);
    const direction = term.direction ? ` ${term.direction}` : "";
    const nulls = term.nulls ? ` nulls ${term.nulls}` : "";
    // Qualified: an alias in the select list must not stand in for the table's column.
    terms.push(`${qualifiedName(scope.table)}.${quoteIdent(column.name)}${direction}${nulls}`);
  }
  return ` order by ${terms.join(", ")}`;
}
