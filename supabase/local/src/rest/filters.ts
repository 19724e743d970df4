// Filters: `column=op.value`, `not.`, and the `or=(...)`/`and=(...)` trees. Each operator is an
// entry of OPERATORS that builds its SQL condition; values are always bound parameters.
import { quoteIdent } from "../db.ts";
import type { Column } from "../schema-cache.ts";
import {
  parseFilter,
  parseFilterColumn,
  parseLogicTree,
  RESERVED_PARAMETERS,
  type FilterExpression,
  type LogicTree,
} from "./parse.ts";
import { qualifiedName, requireColumn, type TableScope } from "./table-scope.ts";

interface Operand {
  column: Column;
  /** The column, qualified: "public"."table"."column". */
  reference: string;
  expression: FilterExpression;
  scope: TableScope;
}

type ConditionBuilder = (operand: Operand) => string;

const bind = (operand: Operand, value: unknown) => operand.scope.parameters.add(value);
const bindAsColumnType = (operand: Operand, value: unknown) =>
  `${bind(operand, value)}::${operand.column.castType}`;

const compare =
  (sqlOperator: string): ConditionBuilder =>
  (operand) =>
    `${operand.reference} ${sqlOperator} ${bindAsColumnType(operand, operand.expression.value)}`;

/** like/ilike with PostgREST's `*` wildcard. */
const pattern =
  (sqlOperator: string): ConditionBuilder =>
  (operand) => {
    const value = operand.expression.value.replace(/\*/g, "%");
    return `${operand.reference}::text ${sqlOperator} ${bind(operand, value)}`;
  };

const regex =
  (sqlOperator: string): ConditionBuilder =>
  (operand) =>
    `${operand.reference}::text ${sqlOperator} ${bind(operand, operand.expression.value)}`;

/** The parser admits only these values after `is.`. */
const IS_VALUES: Readonly<Record<string, string>> = {
  null: "is null",
  not_null: "is not null",
  true: "is true",
  false: "is false",
  unknown: "is unknown",
};

const isCondition: ConditionBuilder = (operand) =>
  `${operand.reference} ${IS_VALUES[operand.expression.value]}`;

function pgArrayLiteral(items: string[]): string {
  const quoted = items.map((item) => `"${item.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
  return `{${quoted.join(",")}}`;
}

/** `in.()` is PostgREST's one empty item: no row matches. */
const inCondition: ConditionBuilder = (operand) => {
  const { list } = operand.expression;
  if (list.length === 1 && list[0] === "") return "false";
  const array = bind(operand, pgArrayLiteral(list));
  return `${operand.reference} = any(${array}::${operand.column.castType}[])`;
};

const textSearch =
  (queryFunction: string): ConditionBuilder =>
  (operand) => {
    const { column, reference } = operand;
    const { configuration, value } = operand.expression;
    const vector = column.castType === "tsvector" ? reference : `to_tsvector(${reference}::text)`;
    const queryArguments = configuration
      ? `${bind(operand, configuration)}::regconfig, ${bind(operand, value)}`
      : bind(operand, value);
    return `${vector} @@ ${queryFunction}(${queryArguments})`;
  };

const OPERATORS: Readonly<Record<string, ConditionBuilder>> = {
  eq: compare("="),
  neq: compare("<>"),
  gt: compare(">"),
  gte: compare(">="),
  lt: compare("<"),
  lte: compare("<="),
  like: pattern("like"),
  ilike: pattern("ilike"),
  match: regex("~"),
  imatch: regex("~*"),
  isdistinct: compare("is distinct from"),
  is: isCondition,
  in: inCondition,
  cs: compare("@>"),
  cd: compare("<@"),
  ov: compare("&&"),
  sl: compare("<<"),
  sr: compare(">>"),
  nxl: compare("&<"),
  nxr: compare("&>"),
  adj: compare("-|-"),
  fts: textSearch("to_tsquery"),
  plfts: textSearch("plainto_tsquery"),
  phfts: textSearch("phraseto_tsquery"),
  wfts: textSearch("websearch_to_tsquery"),
};

const OPERATOR_NAMES: ReadonlySet<string> = new Set(Object.keys(OPERATORS));

/** One parsed filter (possibly `not.`) against a column. */
async function condition(scope: TableScope, columnName: string, expression: FilterExpression) {
  const column = await requireColumn(scope, columnName);
  const reference = `${qualifiedName(scope.table)}.${quoteIdent(column.name)}`;
  const sql = OPERATORS[expression.operator]!({ column, reference, expression, scope });
  return expression.negated ? `not (${sql})` : sql;
}

/** A logic tree's conditions joined with its `and`/`or`. */
async function treeCondition(scope: TableScope, tree: LogicTree): Promise<string> {
  if (tree.kind === "filter") return condition(scope, tree.column, tree.filter);
  const parts: string[] = [];
  for (const child of tree.children) parts.push(await treeCondition(scope, child));
  const joined = `(${parts.join(` ${tree.joiner} `)})`;
  return tree.negated ? `not ${joined}` : joined;
}

/** Every filter of the query string, in order, to be joined with `and`. */
export async function whereConditions(
  scope: TableScope,
  searchParams: URLSearchParams,
): Promise<string[]> {
  const conditions: string[] = [];
  for (const [key, value] of searchParams) {
    if (key === "or" || key === "and" || key === "not.or" || key === "not.and") {
      conditions.push(await treeCondition(scope, parseLogicTree(key, value, OPERATOR_NAMES)));
    } else if (!RESERVED_PARAMETERS.has(key)) {
      const expression = parseFilter(value, OPERATOR_NAMES);
      conditions.push(await condition(scope, parseFilterColumn(key), expression));
    }
  }
  return conditions;
}
