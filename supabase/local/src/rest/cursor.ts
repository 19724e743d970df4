// The lexical layer of the query-string grammar (see parse.ts): a position in one parameter's
// text, PostgREST's double-quoted values, the values of lists and logic trees, type names.
import { ApiError } from "../errors.ts";

/** PostgREST's error for a query parameter it cannot read. */
export const parseError = (message: string, details: string | null = null) =>
  new ApiError(400, "PGRST100", message, details);

/** PostgREST's identifier characters: letters, digits, `_`, `$` and spaces. */
export const isIdentifierCharacter = (character: string) => /^[\p{L}0-9_$ ]$/u.test(character);

export class Cursor {
  position = 0;

  constructor(
    readonly text: string,
    /** The parameter's error message, as PostgREST words it: `failed to parse ... (text)`. */
    private readonly errorMessage: string,
  ) {}

  get atEnd(): boolean {
    return this.position >= this.text.length;
  }

  get next(): string | undefined {
    return this.text[this.position];
  }

  startsWith(expected: string): boolean {
    return this.text.startsWith(expected, this.position);
  }

  take(expected: string): boolean {
    if (!this.startsWith(expected)) return false;
    this.position += expected.length;
    return true;
  }

  expect(expected: string): void {
    if (!this.take(expected)) this.fail(`expecting "${expected}"`);
  }

  readWhile(accepts: (character: string) => boolean): string {
    const start = this.position;
    while (!this.atEnd && accepts(this.text[this.position]!)) this.position++;
    return this.text.slice(start, this.position);
  }

  skipSpaces(): void {
    this.readWhile((character) => character === " " || character === "\t");
  }

  end(expecting = "expecting end of input"): void {
    if (!this.atEnd) this.fail(expecting);
  }

  /** PostgREST's parse error: what was found here, and what was expected instead. */
  fail(expecting: string): never {
    const found = this.atEnd ? "end of input" : JSON.stringify(this.next);
    return this.refuse(`unexpected ${found} ${expecting}`);
  }

  /** PostgREST's parse error at this position: the message with the column, and `details`. */
  refuse(details: string): never {
    throw parseError(`"${this.errorMessage}" (line 1, column ${this.position + 1})`, details);
  }
}

/** `"a \"b\""` -> `a "b"` (a backslash escapes any character); null, moving nothing, if absent. */
export function quotedValue(cursor: Cursor): string | null {
  const start = cursor.position;
  if (!cursor.take('"')) return null;
  let value = "";
  while (!cursor.atEnd) {
    const character = cursor.text[cursor.position++]!;
    if (character === '"') return value;
    if (character === "\\" && !cursor.atEnd) value += cursor.text[cursor.position++];
    else if (character !== "\\") value += character;
  }
  cursor.position = start;
  return null;
}

const endsItem = (cursor: Cursor) => cursor.atEnd || cursor.next === "," || cursor.next === ")";

/**
 * An item of `in.(...)` or a value in a logic tree: a double-quoted value is unquoted when a
 * `,` or `)` follows it; anything else is taken as written up to the next `,` or `)`. In a logic
 * tree a `{...}` array literal is one value, commas included.
 */
export function delimitedValue(cursor: Cursor, arrays: boolean): string {
  const start = cursor.position;
  const quoted = quotedValue(cursor);
  if (quoted !== null && endsItem(cursor)) return quoted;
  cursor.position = start;
  if (arrays && cursor.next === "{") {
    const closing = cursor.text.indexOf("}", start);
    const inner = closing < 0 ? "" : cursor.text.slice(start + 1, closing);
    if (closing >= 0 && !inner.includes("{")) {
      cursor.position = closing + 1;
      return cursor.text.slice(start, closing + 1);
    }
  }
  return cursor.readWhile((character) => character !== "," && character !== ")");
}

/** `(a,"b,c",d)`: the items of an `in` list. */
export function listValue(cursor: Cursor): string[] {
  cursor.skipSpaces();
  cursor.expect("(");
  cursor.skipSpaces();
  const items: string[] = [];
  do items.push(delimitedValue(cursor, false));
  while (cursor.take(","));
  cursor.expect(")");
  cursor.skipSpaces();
  return items;
}

/** SQL's own spellings of built-in types, which exist only unquoted, and their catalog names. */
const TYPE_SYNONYMS: Readonly<Record<string, string>> = {
  int: "int4",
  integer: "int4",
  smallint: "int2",
  bigint: "int8",
  real: "float4",
  float: "float8",
  "double precision": "float8",
  dec: "numeric",
  decimal: "numeric",
  boolean: "bool",
  char: "bpchar",
  character: "bpchar",
  "character varying": "varchar",
  "char varying": "varchar",
  "bit varying": "varbit",
  "time with time zone": "timetz",
  "time without time zone": "time",
  "timestamp with time zone": "timestamptz",
  "timestamp without time zone": "timestamp",
};

/**
 * `::type` as PostgREST reads it (letters, digits, `_`, `$` and spaces), narrowed to what can
 * be quoted and still mean the type: one plain identifier (folded to lower case, as PostgreSQL
 * does) or a synonym above. Never pasted into SQL as written.
 */
export function castTypeName(cursor: Cursor): string {
  const start = cursor.position;
  const written = cursor.readWhile(isIdentifierCharacter);
  const name = written.trim().replace(/\s+/g, " ").toLowerCase();
  if (Object.hasOwn(TYPE_SYNONYMS, name)) return TYPE_SYNONYMS[name]!;
  if (/^[a-z_][a-z0-9_$]*$/.test(name)) return name;
  cursor.position = start;
  return written.trim()
    ? cursor.refuse(`unexpected type name "${written.trim()}"`)
    : cursor.fail("expecting a type name");
}
