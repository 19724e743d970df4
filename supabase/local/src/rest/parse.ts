// The query-string grammar of PostgREST that the local stack understands: lists, quoting,
// select items, order terms, limit and offset. One parser, used by table reads and rpc.
import { ApiError } from "../errors.ts";

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

export const parseError = (message: string, details: string | null = null) =>
  new ApiError(400, "PGRST100", message, details);

/** Splits on `separator` outside parentheses and double quotes. */
export function splitTopLevel(input: string, separator = ","): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let index = 0; index < input.length; index++) {
    const character = input[index]!;
    if (character === "\\" && quoted && index + 1 < input.length) {
      current += character + input[index + 1];
      index++;
      continue;
    }
    if (character === '"') quoted = !quoted;
    else if (!quoted && character === "(") depth++;
    else if (!quoted && character === ")") depth--;
    if (character === separator && depth === 0 && !quoted) {
      parts.push(current);
      current = "";
    } else current += character;
  }
  parts.push(current);
  return parts;
}

/** `"a \"b\""` -> `a "b"`; anything not in double quotes is returned as given. */
export function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"'))
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  return value;
}

/** A comma-separated list of possibly quoted names (`columns`, `on_conflict`). */
export function nameList(input: string): string[] {
  return splitTopLevel(input).map((name) => unquote(name.trim()));
}

export type SelectItem =
  | { kind: "all" }
  /** `other(*)`: a resource to embed, which the local stack does not support. */
  | { kind: "embedded"; text: string }
  | { kind: "column"; name: string; alias: string | undefined; cast: string | undefined };

/** The items of a `select` parameter; null when it asks for whole rows. */
export function selectItems(select: string | null): string[] | null {
  if (!select || select.trim() === "" || select.trim() === "*") return null;
  return splitTopLevel(select)
    .map((item) => item.trim())
    .filter(Boolean);
}

const SELECT_ITEM = /^(?:([^:]+):(?!:))?([^:]+?)(?:::([a-zA-Z_][a-zA-Z0-9_ ]*(?:\[\])?))?$/;

/** `*`, `column`, `alias:column`, `column::type`, `alias:column::type`, `resource(...)`. */
export function parseSelectItem(item: string, select: string): SelectItem {
  if (item === "*") return { kind: "all" };
  if (item.includes("(")) return { kind: "embedded", text: item };
  const match = SELECT_ITEM.exec(item);
  if (!match) throw parseError(`failed to parse select parameter (${select})`);
  return {
    kind: "column",
    name: unquote(match[2]!.trim()),
    alias: match[1]?.trim(),
    cast: match[3],
  };
}

const ORDER_MODIFIERS: Readonly<Record<string, string>> = {
  asc: " asc",
  desc: " desc",
  nullsfirst: " nulls first",
  nullslast: " nulls last",
};

/** `column.desc.nullslast` -> the column and its modifiers, still unparsed. */
export function orderTerms(order: string): { column: string; modifiers: string[] }[] {
  return splitTopLevel(order).map((term) => {
    const [column, ...modifiers] = term.trim().split(".");
    return { column: unquote(column!), modifiers };
  });
}

export function orderModifierSql(modifier: string, order: string): string {
  if (!Object.hasOwn(ORDER_MODIFIERS, modifier)) {
    throw parseError(`failed to parse order (${order})`, `unexpected "${modifier}"`);
  }
  return ORDER_MODIFIERS[modifier]!;
}

export function nonNegativeInt(value: string | null, name: string): number | null {
  if (value === null || value === "") return null;
  if (!/^\d+$/.test(value)) throw parseError(`failed to parse ${name} parameter (${value})`);
  return Number(value);
}
