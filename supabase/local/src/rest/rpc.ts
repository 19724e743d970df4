// /rpc/<function>: calls public.<function> with named arguments, a JSON object (POST) or the
// query string (GET/HEAD). Rows it returns are a read: at most max_rows, counted on request.
import { quoteIdent, type Db } from "../db.ts";
import { ApiError } from "../errors.ts";
import type { DbFunction, SchemaCache } from "../schema-cache.ts";
import { parseError, parseSelect, RESERVED_PARAMETERS } from "./parse.ts";
import {
  isReadMethod,
  parseJsonObject,
  preferences,
  wantsSingleObject,
  type RestRequest,
  type RestResponse,
} from "./request.ts";
import { pageClause, readAnswer } from "./response.ts";
import { jsonRowsSql, QueryParameters, queryJsonRows, selectExpression } from "./sql.ts";
import { inRequestTransaction } from "./transaction.ts";

function givenArguments(request: RestRequest): Record<string, unknown> {
  if (!isReadMethod(request.method)) return parseJsonObject(request.body);
  const given: Record<string, unknown> = {};
  for (const [name, value] of request.searchParams) {
    if (!RESERVED_PARAMETERS.has(name)) given[name] = value;
  }
  return given;
}

/** `public.name(a => ..., b => ...)`, each argument cast from its JSON value. */
function callSql(
  definition: DbFunction,
  given: Record<string, unknown>,
  parameters: QueryParameters,
): string {
  const named = definition.arguments
    .filter((argument) => argument.name in given)
    .map((argument) => {
      const value = given[argument.name];
      const json = parameters.add(JSON.stringify(value === undefined ? null : value));
      let expression: string;
      if (argument.type === "json" || argument.type === "jsonb")
        expression = `${json}::${argument.type}`;
      else if (argument.typcategory === "A" && Array.isArray(value))
        expression = `array(select json_array_elements_text(${json}::json))::${argument.type}`;
      else expression = `(${json}::json #>> '{}')::${argument.type}`;
      return `${quoteIdent(argument.name)} => ${expression}`;
    });
  return `${quoteIdent("public")}.${quoteIdent(definition.name)}(${named.join(", ")})`;
}

/**
 * The select list over a function's rows. There is no schema to check the columns against
 * (nor relationships to embed); `"*"`, as `*`, selects every column.
 */
function resultColumns(select: string | null): string {
  const items = parseSelect(select);
  if (!items) return "*";
  return items
    .map((item) => {
      if (item.kind === "embedded")
        throw parseError(`failed to parse select parameter (${select})`);
      return item.kind === "all" || item.name === "*" ? "*" : selectExpression(item.name, item);
    })
    .join(", ");
}

async function findFunction(schemaCache: SchemaCache, name: string, argumentNames: string[]) {
  const definition = await schemaCache.findFunction(name, argumentNames);
  if (definition) return definition;
  throw new ApiError(
    404,
    "PGRST202",
    `Could not find the function public.${name}(${argumentNames.join(", ")}) in the schema cache`,
    null,
    "The local stack calls functions with named arguments only",
  );
}

interface CallStatement {
  sql: string;
  parameters: QueryParameters;
  offset: number;
}

/**
 * The call, and for a function returning rows, the page of them (at most max_rows) and, on
 * request, their total: the call runs once, in a CTE that both read.
 */
function callStatement(
  request: RestRequest,
  definition: DbFunction,
  given: Record<string, unknown>,
  countWanted: boolean,
): CallStatement {
  const parameters = new QueryParameters();
  const call = callSql(definition, given, parameters);
  if (!definition.returnsRows) {
    const sql = `select coalesce(to_json(${call})::text, 'null') as body, 1 as row_count`;
    return { sql, parameters, offset: 0 };
  }
  const page = pageClause(request, parameters);
  const columns = resultColumns(request.searchParams.get("select"));
  const total = countWanted ? "(select count(*) from pgrst_call)::int" : "null::int";
  // `_f` also names the column of a function returning a set of scalars: keep it.
  const sql =
    `with pgrst_call as (select * from ${call} _f) ` +
    jsonRowsSql(`select ${columns} from pgrst_call _f${page.sql}`, total);
  return { sql, parameters, offset: page.offset };
}

export async function callFunction(
  db: Db,
  schemaCache: SchemaCache,
  request: RestRequest,
): Promise<RestResponse> {
  const given = givenArguments(request);
  const definition = await findFunction(schemaCache, request.table.slice(4), Object.keys(given));
  const countWanted = definition.returnsRows && preferences(request).has("count");
  const { sql, parameters, offset } = callStatement(request, definition, given, countWanted);
  const single = wantsSingleObject(request) && definition.returnsRows;
  const rows = await inRequestTransaction(db, request, { single }, (transaction) =>
    queryJsonRows(transaction, sql, parameters.values),
  );
  return readAnswer(request, rows, { offset, single, ranged: definition.returnsRows });
}
