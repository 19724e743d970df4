// Filters: `column=op.value`, `not.`, and the `or=(...)`/`and=(...)` trees. Each operator is an
// entry of OPERATORS that builds its SQL condition; values are always bound parameters.
import { quoteIdent } from "../db.ts";
import type { Column } from "../schema-cache.ts";
import { parseError, RESERVED_PARAMETERS, splitTopLevel, unquote } from "./parse.ts";
import { qualifiedName, requireColumn, type TableScope } from "./table-scope.ts";

interface Operand {
  column: Column;
  /** The column, qualified: "public"."table"."column". */
  reference: string;
  /** The value after the operator, unquoted. */
  value: string;
  /** The value as written, for operators with their own syntax (`in.(...)`). */
  rawValue: string;
  /** The whole filter, for error messages. */
  filter: string;
  /** `fts(english)`: the text-search configuration. */
  configuration: string | null;
  scope: TableScope;
}

type ConditionBuilder = (operand: Operand) => string;

const bind = (operand: Operand, value: unknown) => operand.scope.parameters.add(value);
const bindAsColumnType = (operand: Operand, value: unknown) =>
  `${bind(operand, value)}::${operand.column.castType}`;

const compare =
  (sqlOperator: string): ConditionBuilder =>
  (operand) =>
    `${operand.reference} ${sqlOperator} ${bindAsColumnType(operand, operand.value)}`;

/** like/ilike with PostgREST's `*` wildcard. */
const pattern =
  (sqlOperator: string): ConditionBuilder =>
  (operand) =>
    `${operand.reference}::text ${sqlOperator} ${bind(operand, operand.value.replace(/\*/g, "%"))}`;

const regex =
  (sqlOperator: string): ConditionBuilder =>
  (operand) =>
    `${operand.reference}::text ${sqlOperator} ${bind(operand, operand.value)}`;

const IS_VALUES: Readonly<Record<string, string>> = {
  null: "is null",
  not_null: "is not null",
  true: "is true",
  false: "is false",
  unknown: "is unknown",
};

const isCondition: ConditionBuilder = (operand) => {
  const value = operand.value.toLowerCase();
  if (!Object.hasOwn(IS_VALUES, value)) {
    throw parseError(`failed to parse filter (${operand.filter})`, "unknown value for is");
  }
  return `${operand.reference} ${IS_VALUES[value]}`;
};

function pgArrayLiteral(items: string[]): string {
  const quoted = items.map((item) => `"${item.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`);
  return `{${quoted.join(",")}}`;
}

const inCondition: ConditionBuilder = (operand) => {
  const match = /^\((.*)\)$/s.exec(operand.rawValue.trim());
  if (!match) throw parseError(`failed to parse filter (${operand.filter})`, 'expecting "("');
  const list = match[1]!;
  const items = list.trim() === "" ? [] : splitTopLevel(list).map((item) => unquote(item.trim()));
  if (items.length === 0) return "false";
  const array = bind(operand, pgArrayLiteral(items));
  return `${operand.reference} = any(${array}::${operand.column.castType}[])`;
};

/** `ov.(a,b)` on an array column means the array `{a,b}`. */
const overlapCondition: ConditionBuilder = (operand) => {
  const { value } = operand;
  const isArrayList = operand.column.typcategory === "A" && /^\(.*\)$/.test(value);
  const overlapping = isArrayList ? `{${value.slice(1, -1)}}` : value;
  return `${operand.reference} && ${bindAsColumnType(operand, overlapping)}`;
};

const textSearch =
  (queryFunction: string): ConditionBuilder =>
  (operand) => {
    const { column, reference, configuration } = operand;
    const vector = column.castType === "tsvector" ? reference : `to_tsvector(${reference}::text)`;
    const queryArguments = configuration
      ? `${bind(operand, configuration)}::regconfig, ${bind(operand, operand.value)}`
      : bind(operand, operand.value);
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
  ov: overlapCondition,
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

/** One `op.value` (possibly `not.op.value`) against a column. */
export async function condition(scope: TableScope, columnName: string, filter: string) {
  const column = await requireColumn(scope, columnName);
  const negated = filter.startsWith("not.");
  const operation = negated ? filter.slice(4) : filter;
  const dot = operation.indexOf(".");
  if (dot < 0) {
    throw parseError(
      `failed to parse filter (${filter})`,
      `unexpected end of input expecting operator`,
    );
  }
  const rawValue = operation.slice(dot + 1);
  let operator = operation.slice(0, dot);
  let configuration: string | null = null;
  const textSearchWithConfiguration = /^(fts|plfts|phfts|wfts)\((.+)\)$/.exec(operator);
  if (textSearchWithConfiguration) {
    operator = textSearchWithConfiguration[1]!;
    configuration = textSearchWithConfiguration[2]!;
  }
  if (!Object.hasOwn(OPERATORS, operator)) {
    throw parseError(`failed to parse filter (${filter})`, `unknown operator ${operator}`);
  }
  const reference = `${qualifiedName(scope.table)}.${quoteIdent(column.name)}`;
  const value = unquote(rawValue);
  const sql = OPERATORS[operator]!({
    column,
    reference,
    value,
    rawValue,
    filter,
    configuration,
    scope,
  });
  return negated ? `not (${sql})` : sql;
}

/** `(a.eq.1,and(b.gt.2,c.is.null))` joined with `joiner`. */
export async function logicTree(
  scope: TableScope,
  tree: string,
  joiner: "and" | "or",
  negated: boolean,
): Promise<string> {
  const match = /^\((.*)\)$/s.exec(tree.trim());
  if (!match) throw parseError(`failed to parse logic tree (${tree})`, 'expecting "("');
  const parts: string[] = [];
  for (const item of splitTopLevel(match[1]!)) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(trimmed);
    if (nested) {
      parts.push(await logicTree(scope, nested[3]!, nested[2] as "and" | "or", !!nested[1]));
      continue;
    }
    const dot = trimmed.indexOf(".");
    if (dot < 0) throw parseError(`failed to parse logic tree (${tree})`);
    parts.push(await condition(scope, unquote(trimmed.slice(0, dot)), trimmed.slice(dot + 1)));
  }
  const empty = joiner === "and" ? "true" : "false";
  const joined = parts.length ? `(${parts.join(` ${joiner} `)})` : empty;
  return negated ? `not ${joined}` : joined;
}

/** Every filter of the query string, in order, to be joined with `and`. */
export async function whereConditions(
  scope: TableScope,
  searchParams: URLSearchParams,
): Promise<string[]> {
  const conditions: string[] = [];
  for (const [key, value] of searchParams) {
    if (key === "or" || key === "and") conditions.push(await logicTree(scope, value, key, false));
    else if (key === "not.or" || key === "not.and")
      conditions.push(await logicTree(scope, value, key.slice(4) as "and" | "or", true));
    else if (!RESERVED_PARAMETERS.has(key)) conditions.push(await condition(scope, key, value));
  }
  return conditions;
}
