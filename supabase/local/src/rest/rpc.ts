// /rpc/<function>: calls public.<function> with named arguments, a JSON object (POST) or the
// query string (GET/HEAD).
import { quoteIdent, type Db } from "../db.ts";
import { ApiError } from "../errors.ts";
import type { DbFunction, SchemaCache } from "../schema-cache.ts";
import {
  nonNegativeInt,
  parseError,
  parseSelectItem,
  RESERVED_PARAMETERS,
  selectItems,
} from "./parse.ts";
import {
  isReadMethod,
  JSON_CONTENT_TYPE,
  parseJsonObject,
  transactionOptions,
  wantsSingleObject,
  type RestRequest,
  type RestResponse,
} from "./request.ts";
import { contentRange, singleObject, SingleObjectError } from "./response.ts";
import { jsonRowsSql, QueryParameters, selectExpression, type JsonRows } from "./sql.ts";

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
 * (nor relationships to embed), and any item naming `*` (`x:*`, `"*"`) selects every column.
 */
function resultColumns(select: string | null): string {
  const items = selectItems(select);
  if (!items) return "*";
  return items
    .map((text) => {
      const item = parseSelectItem(text, select!);
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

export async function callFunction(
  db: Db,
  schemaCache: SchemaCache,
  request: RestRequest,
): Promise<RestResponse> {
  const given = givenArguments(request);
  const definition = await findFunction(schemaCache, request.table.slice(4), Object.keys(given));
  const parameters = new QueryParameters();
  const call = callSql(definition, given, parameters);
  const single = wantsSingleObject(request) && definition.returnsRows;
  const limit = nonNegativeInt(request.searchParams.get("limit"), "limit");
  const offset = nonNegativeInt(request.searchParams.get("offset"), "offset") ?? 0;
  let sql: string;
  if (definition.returnsRows) {
    let page = "";
    if (limit !== null) page += ` limit ${parameters.add(limit)}`;
    if (offset) page += ` offset ${parameters.add(offset)}`;
    const columns = resultColumns(request.searchParams.get("select"));
    // `_f` also names the column of a function returning a set of scalars: keep it.
    sql = jsonRowsSql(`select ${columns} from ${call} _f${page}`);
  } else {
    sql = `select coalesce(to_json(${call})::text, 'null') as body, 1 as row_count`;
  }
  const { body, rowCount } = await db.transaction(
    transactionOptions(request),
    async (transaction) => {
      const result = await transaction.query<JsonRows>(sql, parameters.values);
      const rowCount = Number(result.rows[0]!.row_count);
      if (single && rowCount !== 1) throw new SingleObjectError(rowCount);
      return { body: result.rows[0]!.body, rowCount };
    },
  );
  return {
    status: 200,
    headers: {
      "content-type": JSON_CONTENT_TYPE,
      "content-range": definition.returnsRows ? contentRange(offset, rowCount, null) : "*/*",
    },
    body: request.method === "HEAD" ? null : single ? singleObject(body) : body,
  };
}
