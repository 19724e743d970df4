// The query-string grammar of PostgREST (its ApiRequest/QueryParams.hs) that the local stack
// understands: select items and their casts, filters, logic trees, order terms, name lists,
// limit and offset. One parser, used by table reads, writes and rpc. What it cannot read is
// PostgREST's parse error (400 PGRST100), and it reads all of a parameter: trailing text that
// PostgREST would ignore is refused.
import {
  castTypeName,
  Cursor,
  delimitedValue,
  isIdentifierCharacter,
  listValue,
  parseError,
  quotedValue,
} from "./cursor.ts";

export { parseError };

/** Query parameters that are not column filters (nor rpc arguments). */
export const RESERVED_PARAMETERS = new Set([
  "select",
  "order",
  "limit",
  "offset",
  "on_conflict",
  "columns",
  "or",
  "and",
  "not.or",
  "not.and",
]);

/** `name`, `"quoted name"` or `dashed-name`; JSON paths (`->`) are not supported. */
function fieldName(cursor: Cursor): string {
  const quoted = quotedValue(cursor);
  if (quoted !== null) return quoted;
  const parts: string[] = [];
  for (;;) {
    const part = cursor.readWhile(isIdentifierCharacter).trim();
    if (!part) cursor.fail("expecting field name (* or [a..z0..9_$])");
    parts.push(part);
    if (cursor.next !== "-" || cursor.startsWith("->")) break;
    cursor.take("-");
  }
  if (cursor.startsWith("->")) cursor.refuse("JSON paths are not supported by the local stack");
  return parts.join("-");
}

export type SelectItem =
  | { kind: "all" }
  /** `other(*)`: a resource to embed, which the local stack does not support. */
  | { kind: "embedded"; text: string }
  /** `cast` is a catalog type name, to be quoted (see castTypeName). */
  | { kind: "column"; name: string; alias: string | undefined; cast: string | undefined };

/** Skips an embedded resource's `(...)`, quotes and nesting included. */
function skipEmbedding(cursor: Cursor): void {
  let depth = 0;
  while (!cursor.atEnd) {
    if (quotedValue(cursor) !== null) continue;
    const character = cursor.text[cursor.position++];
    if (character === "(") depth++;
    else if (character === ")" && --depth === 0) return;
  }
  cursor.fail('expecting ")"');
}

/** `alias:` before a column (not the `::` of a cast); undefined, moving nothing, if absent. */
function columnAlias(cursor: Cursor): string | undefined {
  const start = cursor.position;
  const alias = fieldName(cursor);
  if (cursor.next === ":" && !cursor.startsWith("::")) {
    cursor.take(":");
    return alias;
  }
  cursor.position = start;
  return undefined;
}

function selectItem(cursor: Cursor): SelectItem {
  cursor.skipSpaces();
  const start = cursor.position;
  if (cursor.take("*")) return { kind: "all" };
  if (!cursor.startsWith("...")) {
    const alias = columnAlias(cursor);
    const name = fieldName(cursor);
    if (cursor.next !== "(" && cursor.next !== "!") {
      const cast = cursor.take("::") ? castTypeName(cursor) : undefined;
      return { kind: "column", name, alias, cast };
    }
  }
  // `other(...)`, `alias:other!hint(...)`, `...other(...)`: a resource to embed.
  while (!cursor.atEnd && cursor.next !== "(") cursor.position++;
  skipEmbedding(cursor);
  return { kind: "embedded", text: cursor.text.slice(start, cursor.position) };
}

/** The items of a `select` parameter; null when it asks for whole rows. */
export function parseSelect(select: string | null): SelectItem[] | null {
  if (select === null || select.trim() === "") return null;
  const cursor = new Cursor(select, `failed to parse select parameter (${select})`);
  const items: SelectItem[] = [];
  do {
    items.push(selectItem(cursor));
    cursor.skipSpaces();
  } while (cursor.take(","));
  cursor.end('expecting "," or end of input');
  return items;
}

/** A comma-separated list of possibly quoted names (`columns`, `on_conflict`). */
export function parseNameList(input: string, parameter: string): string[] {
  const cursor = new Cursor(input, `failed to parse ${parameter} parameter (${input})`);
  const names: string[] = [];
  do {
    cursor.skipSpaces();
    names.push(fieldName(cursor));
    cursor.skipSpaces();
  } while (cursor.take(","));
  cursor.end('expecting "," or end of input');
  return names;
}

/** A filter's column (the query parameter's name): one field, no embedded path. */
export function parseFilterColumn(key: string): string {
  const cursor = new Cursor(key, `failed to parse tree path (${key})`);
  const name = fieldName(cursor);
  if (cursor.next === ".") cursor.refuse("embedded resources are not supported by the local stack");
  cursor.end();
  return name;
}

export interface FilterExpression {
  negated: boolean;
  operator: string;
  /** `fts(english)`: the text-search configuration. */
  configuration: string | null;
  /** As written; in a logic tree a double-quoted value is unquoted. `is`: lower case. */
  value: string;
  /** `in.(...)`: its items, double-quoted ones unquoted. */
  list: string[];
}

const TEXT_SEARCH_OPERATORS = new Set(["fts", "plfts", "phfts", "wfts"]);
const IS_VALUES = new Set(["null", "not_null", "true", "false", "unknown"]);

/** `[not.]operator[(configuration)].value`, the value read by `readValue`. */
function filterExpression(
  cursor: Cursor,
  operators: ReadonlySet<string>,
  readValue: (cursor: Cursor) => string,
): FilterExpression {
  const negated = cursor.take("not.");
  const start = cursor.position;
  const operator = cursor.readWhile((character) => character >= "a" && character <= "z");
  if (!operators.has(operator)) {
    cursor.position = start;
    cursor.fail("expecting operator (eq, gt, ...)");
  }
  let configuration: string | null = null;
  if (TEXT_SEARCH_OPERATORS.has(operator) && cursor.take("(")) {
    configuration = cursor.readWhile(isIdentifierCharacter).trim();
    if (!configuration) cursor.fail("expecting a text search configuration");
    cursor.expect(")");
  }
  cursor.expect(".");
  const expression = { negated, operator, configuration, value: "", list: [] as string[] };
  if (operator === "in") expression.list = listValue(cursor);
  else if (operator === "is") {
    expression.value = cursor.readWhile((character) => /[a-z_]/i.test(character)).toLowerCase();
    if (!IS_VALUES.has(expression.value))
      cursor.fail("expecting null, not_null, true, false or unknown");
  } else expression.value = readValue(cursor);
  return expression;
}

/** The value of `column=…`: everything after the operator, as written. */
export function parseFilter(text: string, operators: ReadonlySet<string>): FilterExpression {
  const cursor = new Cursor(text, `failed to parse filter (${text})`);
  const expression = filterExpression(cursor, operators, (rest) => {
    const value = rest.text.slice(rest.position);
    rest.position = rest.text.length;
    return value;
  });
  cursor.end();
  return expression;
}

export type LogicTree =
  | { kind: "filter"; column: string; filter: FilterExpression }
  | { kind: "group"; joiner: "and" | "or"; negated: boolean; children: LogicTree[] };

function logicTree(cursor: Cursor, operators: ReadonlySet<string>): LogicTree {
  cursor.skipSpaces();
  const group = /^(not\.)?(and|or)\(/.exec(cursor.text.slice(cursor.position));
  if (!group) {
    const column = fieldName(cursor);
    cursor.skipSpaces();
    cursor.expect(".");
    const filter = filterExpression(cursor, operators, (value) => delimitedValue(value, true));
    return { kind: "filter", column, filter };
  }
  cursor.position += group[0].length;
  const children: LogicTree[] = [];
  do {
    children.push(logicTree(cursor, operators));
    cursor.skipSpaces();
  } while (cursor.take(","));
  cursor.expect(")");
  cursor.skipSpaces();
  return { kind: "group", joiner: group[2] as "and" | "or", negated: !!group[1], children };
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))`, read as PostgREST does: `or(...)`. */
export function parseLogicTree(
  key: string,
  value: string,
  operators: ReadonlySet<string>,
): LogicTree {
  const cursor = new Cursor(`${key}${value}`, `failed to parse logic tree (${value})`);
  const tree = logicTree(cursor, operators);
  cursor.end();
  return tree;
}

export interface OrderTerm {
  column: string;
  direction: "asc" | "desc" | null;
  nulls: "first" | "last" | null;
}

/** `column.desc.nullslast,other`. */
export function parseOrder(order: string): OrderTerm[] {
  const cursor = new Cursor(order, `failed to parse order (${order})`);
  const terms: OrderTerm[] = [];
  do {
    cursor.skipSpaces();
    const column = fieldName(cursor);
    let direction: OrderTerm["direction"] = null;
    if (cursor.take(".asc")) direction = "asc";
    else if (cursor.take(".desc")) direction = "desc";
    let nulls: OrderTerm["nulls"] = null;
    if (cursor.take(".nullsfirst")) nulls = "first";
    else if (cursor.take(".nullslast")) nulls = "last";
    cursor.skipSpaces();
    if (!cursor.atEnd && cursor.next !== ",") {
      cursor.fail('expecting "asc", "desc", "nullsfirst", "nullslast", "," or end of input');
    }
    terms.push({ column, direction, nulls });
  } while (cursor.take(","));
  return terms;
}

/** `limit` or `offset`: digits only. */
export function nonNegativeInt(value: string | null, name: string): number | null {
  if (value === null || value === "") return null;
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number)) {
    throw parseError(`failed to parse ${name} parameter (${value})`);
  }
  return number;
}
