// /rest/v1: the subset of PostgREST that supabase-js uses, compiled to one parameterised SQL
// statement per request. Identifiers come from the schema cache and are quoted; every value
// is a bound parameter.
import type { Db, Queryable } from "./db.ts";
import { quoteIdent } from "./db.ts";
import { ApiError, fromPgError, isPgError } from "./errors.ts";
import type { Column, SchemaCache, Table } from "./schema-cache.ts";

export interface RestRequest {
  method: string;
  table: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  body: string;
  role: string;
  claims: Record<string, unknown>;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const JSON_TYPE = "application/json; charset=utf-8";
const RESERVED = new Set([
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

class Params {
  values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

class SingleError extends ApiError {
  constructor(n: number) {
    super(
      406,
      "PGRST116",
      "Cannot coerce the result to a single JSON object",
      `The result contains ${n} rows`,
    );
  }
}

const badFilter = (msg: string, details: string | null = null) =>
  new ApiError(400, "PGRST100", msg, details);

/** Splits on commas outside parentheses and double quotes. */
export function splitTopLevel(input: string, sep = ","): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = "";
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (ch === "\\" && quoted && i + 1 < input.length) {
      cur += ch + input[i + 1];
      i++;
      continue;
    }
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    if (ch === sep && depth === 0 && !quoted) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"'))
    return t.slice(1, -1).replace(/\\(.)/g, "$1");
  return v;
}

function pgArrayLiteral(items: string[]): string {
  return `{${items.map((s) => `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

class Compiler {
  readonly p = new Params();
  constructor(
    readonly cache: SchemaCache,
    public table: Table,
  ) {}

  get qualified(): string {
    return `${quoteIdent("public")}.${quoteIdent(this.table.name)}`;
  }

  async column(name: string): Promise<Column> {
    const c = await this.cache.column(this.table, name);
    if (!c) {
      throw new ApiError(400, "42703", `column ${this.table.name}.${name} does not exist`);
    }
    return c;
  }

  async selectList(select: string | null, prefix = ""): Promise<string> {
    if (!select || select.trim() === "" || select.trim() === "*") return `${prefix}*`;
    const items = splitTopLevel(select)
      .map((s) => s.trim())
      .filter(Boolean);
    const out: string[] = [];
    for (const item of items) {
      if (item === "*") {
        out.push(`${prefix}*`);
        continue;
      }
      if (item.includes("(")) {
        throw new ApiError(
          400,
          "PGRST200",
          `Could not find a relationship for '${item}' in the schema cache`,
          "Embedded resources are not supported by the local stack",
        );
      }
      const m = /^(?:([^:]+):(?!:))?([^:]+?)(?:::([a-zA-Z_][a-zA-Z0-9_ ]*(?:\[\])?))?$/.exec(item);
      if (!m) throw badFilter(`failed to parse select parameter (${select})`);
      const alias = m[1]?.trim();
      const colName = unquote(m[2]!.trim());
      const col = await this.column(colName);
      let expr = quoteIdent(col.name);
      if (m[3]) expr = `${expr}::${m[3]}`;
      out.push(`${expr} as ${quoteIdent(alias ?? col.name)}`);
    }
    return out.join(", ");
  }

  /** One `op.value` (possibly `not.op.value`) against a column. */
  async condition(colName: string, spec: string): Promise<string> {
    const col = await this.column(colName);
    const ref = `${this.qualified}.${quoteIdent(col.name)}`;
    let negate = false;
    let rest = spec;
    if (rest.startsWith("not.")) {
      negate = true;
      rest = rest.slice(4);
    }
    const dot = rest.indexOf(".");
    if (dot < 0)
      throw badFilter(
        `failed to parse filter (${spec})`,
        `unexpected end of input expecting operator`,
      );
    let op = rest.slice(0, dot);
    const raw = rest.slice(dot + 1);
    let ftsConfig: string | null = null;
    const ftsM = /^(fts|plfts|phfts|wfts)\((.+)\)$/.exec(op);
    if (ftsM) {
      op = ftsM[1]!;
      ftsConfig = ftsM[2]!;
    }
    const value = unquote(raw);
    const cast = (v: unknown) => `${this.p.add(v)}::${col.castType}`;
    const text = `${ref}::text`;
    let sql: string;
    switch (op) {
      case "eq":
        sql = `${ref} = ${cast(value)}`;
        break;
      case "neq":
        sql = `${ref} <> ${cast(value)}`;
        break;
      case "gt":
        sql = `${ref} > ${cast(value)}`;
        break;
      case "gte":
        sql = `${ref} >= ${cast(value)}`;
        break;
      case "lt":
        sql = `${ref} < ${cast(value)}`;
        break;
      case "lte":
        sql = `${ref} <= ${cast(value)}`;
        break;
      case "like":
        sql = `${text} like ${this.p.add(value.replace(/\*/g, "%"))}`;
        break;
      case "ilike":
        sql = `${text} ilike ${this.p.add(value.replace(/\*/g, "%"))}`;
        break;
      case "match":
        sql = `${text} ~ ${this.p.add(value)}`;
        break;
      case "imatch":
        sql = `${text} ~* ${this.p.add(value)}`;
        break;
      case "isdistinct":
        sql = `${ref} is distinct from ${cast(value)}`;
        break;
      case "is": {
        const v = value.toLowerCase();
        if (v === "null") sql = `${ref} is null`;
        else if (v === "not_null") sql = `${ref} is not null`;
        else if (v === "true") sql = `${ref} is true`;
        else if (v === "false") sql = `${ref} is false`;
        else if (v === "unknown") sql = `${ref} is unknown`;
        else throw badFilter(`failed to parse filter (${spec})`, "unknown value for is");
        break;
      }
      case "in": {
        const m = /^\((.*)\)$/s.exec(raw.trim());
        if (!m) throw badFilter(`failed to parse filter (${spec})`, 'expecting "("');
        const items = m[1]!.trim() === "" ? [] : splitTopLevel(m[1]!).map((s) => unquote(s.trim()));
        sql =
          items.length === 0
            ? "false"
            : `${ref} = any(${this.p.add(pgArrayLiteral(items))}::${col.castType}[])`;
        break;
      }
      case "cs":
        sql = `${ref} @> ${cast(value)}`;
        break;
      case "cd":
        sql = `${ref} <@ ${cast(value)}`;
        break;
      case "ov": {
        const v =
          col.typcategory === "A" && /^\(.*\)$/.test(value) ? `{${value.slice(1, -1)}}` : value;
        sql = `${ref} && ${cast(v)}`;
        break;
      }
      case "sl":
        sql = `${ref} << ${cast(value)}`;
        break;
      case "sr":
        sql = `${ref} >> ${cast(value)}`;
        break;
      case "nxl":
        sql = `${ref} &< ${cast(value)}`;
        break;
      case "nxr":
        sql = `${ref} &> ${cast(value)}`;
        break;
      case "adj":
        sql = `${ref} -|- ${cast(value)}`;
        break;
      case "fts":
      case "plfts":
      case "phfts":
      case "wfts": {
        const fn = {
          fts: "to_tsquery",
          plfts: "plainto_tsquery",
          phfts: "phraseto_tsquery",
          wfts: "websearch_to_tsquery",
        }[op];
        const vec = col.castType === "tsvector" ? ref : `to_tsvector(${text})`;
        const args = ftsConfig
          ? `${this.p.add(ftsConfig)}::regconfig, ${this.p.add(value)}`
          : this.p.add(value);
        sql = `${vec} @@ ${fn}(${args})`;
        break;
      }
      default:
        throw badFilter(`failed to parse filter (${spec})`, `unknown operator ${op}`);
    }
    return negate ? `not (${sql})` : sql;
  }

  /** `(a.eq.1,and(b.gt.2,c.is.null))` joined with `joiner`. */
  async logic(expr: string, joiner: "and" | "or", negate: boolean): Promise<string> {
    const m = /^\((.*)\)$/s.exec(expr.trim());
    if (!m) throw badFilter(`failed to parse logic tree (${expr})`, 'expecting "("');
    const parts: string[] = [];
    for (const item of splitTopLevel(m[1]!)) {
      const t = item.trim();
      if (!t) continue;
      const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(t);
      if (nested) {
        parts.push(await this.logic(nested[3]!, nested[2] as "and" | "or", !!nested[1]));
        continue;
      }
      const dot = t.indexOf(".");
      if (dot < 0) throw badFilter(`failed to parse logic tree (${expr})`);
      parts.push(await this.condition(unquote(t.slice(0, dot)), t.slice(dot + 1)));
    }
    const joined = parts.length
      ? `(${parts.join(` ${joiner} `)})`
      : joiner === "and"
        ? "true"
        : "false";
    return negate ? `not ${joined}` : joined;
  }

  async where(params: URLSearchParams): Promise<string[]> {
    const conds: string[] = [];
    for (const [key, value] of params) {
      if (key === "or" || key === "and") conds.push(await this.logic(value, key, false));
      else if (key === "not.or" || key === "not.and")
        conds.push(await this.logic(value, key.slice(4) as "and" | "or", true));
      else if (!RESERVED.has(key)) conds.push(await this.condition(key, value));
    }
    return conds;
  }

  async orderBy(order: string | null): Promise<string> {
    if (!order) return "";
    const terms: string[] = [];
    for (const term of splitTopLevel(order)) {
      const parts = term.trim().split(".");
      const col = await this.column(unquote(parts[0]!));
      let sql = quoteIdent(col.name);
      for (const mod of parts.slice(1)) {
        if (mod === "asc") sql += " asc";
        else if (mod === "desc") sql += " desc";
        else if (mod === "nullsfirst") sql += " nulls first";
        else if (mod === "nullslast") sql += " nulls last";
        else throw badFilter(`failed to parse order (${order})`, `unexpected "${mod}"`);
      }
      terms.push(sql);
    }
    return terms.length ? ` order by ${terms.join(", ")}` : "";
  }
}

function parsePrefer(headers: Headers) {
  const prefer = new Map<string, string>();
  for (const part of (headers.get("prefer") ?? "").split(",")) {
    const [k, v] = part.trim().split("=");
    if (k) prefer.set(k.trim(), (v ?? "").trim());
  }
  return prefer;
}

function nonNegativeInt(value: string | null, name: string): number | null {
  if (value === null || value === "") return null;
  if (!/^\d+$/.test(value)) throw badFilter(`failed to parse ${name} parameter (${value})`);
  return Number(value);
}

function parseBody(body: string): unknown {
  if (body.trim() === "") return {};
  try {
    return JSON.parse(body);
  } catch (e) {
    throw new ApiError(400, "PGRST102", "Empty or invalid json", (e as Error).message);
  }
}

function contentRange(offset: number, n: number, total: number | null): string {
  const range = n > 0 ? `${offset}-${offset + n - 1}` : "*";
  return `${range}/${total === null ? "*" : total}`;
}

export class RestHandler {
  constructor(
    private readonly db: Db,
    private readonly cache: SchemaCache,
  ) {}

  async handle(req: RestRequest): Promise<RestResponse> {
    try {
      return await this.run(req);
    } catch (error) {
      const e =
        error instanceof ApiError ? error : isPgError(error) ? fromPgError(error, req.role) : null;
      if (!e) throw error;
      return {
        status: e.status,
        headers: { "content-type": JSON_TYPE, ...e.headers },
        body: JSON.stringify(e.body()),
      };
    }
  }

  private async run(req: RestRequest): Promise<RestResponse> {
    const method = req.method.toUpperCase();
    const profile = req.headers.get(
      method === "GET" || method === "HEAD" ? "accept-profile" : "content-profile",
    );
    if (profile && profile !== "public") {
      throw new ApiError(
        406,
        "PGRST106",
        "The schema must be one of the following: public",
        null,
        null,
      );
    }
    if (req.table.startsWith("rpc/")) return this.rpc(req, method);
    const table = await this.cache.table(req.table);
    if (!table) {
      throw new ApiError(
        404,
        "PGRST205",
        `Could not find the table 'public.${req.table}' in the schema cache`,
        null,
        null,
      );
    }
    const c = new Compiler(this.cache, table);
    const prefer = parsePrefer(req.headers);
    const single = (req.headers.get("accept") ?? "").includes("application/vnd.pgrst.object+json");
    const countWanted = prefer.has("count");
    const rollback = prefer.get("tx") === "rollback";
    const settings = {
      search_path: "public, extensions",
      "request.jwt.claims": JSON.stringify(req.claims),
      "request.method": method,
      "request.path": req.path,
      "request.headers": JSON.stringify(
        Object.fromEntries([...req.headers].map(([k, v]) => [k.toLowerCase(), v])),
      ),
    };
    const readOnly = method === "GET" || method === "HEAD";
    const txOptions = { settings, role: req.role, readOnly };

    if (readOnly) {
      const cols = await c.selectList(req.params.get("select"));
      const conds = await c.where(req.params);
      const order = await c.orderBy(req.params.get("order"));
      const limit = nonNegativeInt(req.params.get("limit"), "limit");
      const offset = nonNegativeInt(req.params.get("offset"), "offset") ?? 0;
      const where = conds.length ? ` where ${conds.join(" and ")}` : "";
      const countParams = [...c.p.values];
      let page = "";
      if (limit !== null) page += ` limit ${c.p.add(limit)}`;
      if (offset) page += ` offset ${c.p.add(offset)}`;
      const sql =
        `select coalesce(json_agg(_t), '[]')::text as body, count(*)::int as n ` +
        `from (select ${cols} from ${c.qualified}${where}${order}${page}) _t`;
      const { body, n, total } = await this.db.transaction(txOptions, async (tx) => {
        const r = await tx.query<{ body: string; n: number }>(sql, c.p.values);
        let total: number | null = null;
        if (countWanted) {
          const cr = await tx.query<{ n: number }>(
            `select count(*)::int as n from ${c.qualified}${where}`,
            countParams,
          );
          total = cr.rows[0]!.n;
        }
        return { body: r.rows[0]!.body, n: Number(r.rows[0]!.n), total };
      });
      if (single && n !== 1) throw new SingleError(n);
      const headers: Record<string, string> = {
        "content-type": JSON_TYPE,
        "content-range": contentRange(offset, n, total),
      };
      let status = 200;
      if (total !== null) {
        if (offset > total) {
          throw new ApiError(
            416,
            "PGRST103",
            "Requested range not satisfiable",
            `An offset of ${offset} was requested, but there are only ${total} rows.`,
            null,
            { "content-range": `*/${total}` },
          );
        }
        if (n < total) status = 206;
      }
      const out = single ? body.slice(1, -1).trim() : body;
      return { status, headers, body: method === "HEAD" ? null : out };
    }

    const returnPref = prefer.get("return") ?? "minimal";
    const wantRows = returnPref === "representation";
    let statement: string;
    let okStatus: number;

    if (method === "POST") {
      const parsed = parseBody(req.body);
      const rows = (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
      if (rows.some((r) => !r || typeof r !== "object" || Array.isArray(r))) {
        throw new ApiError(400, "PGRST102", "All object keys must match", null, null);
      }
      let keys: string[];
      const columnsParam = req.params.get("columns");
      if (columnsParam)
        keys = splitTopLevel(columnsParam)
          .map((s) => unquote(s.trim()))
          .filter(Boolean);
      else {
        const set = new Set<string>();
        for (const r of rows) for (const k of Object.keys(r)) set.add(k);
        keys = [...set];
      }
      for (const k of keys) {
        if (!(await this.cache.column(table, k))) {
          throw new ApiError(
            400,
            "PGRST204",
            `Could not find the '${k}' column of '${table.name}' in the schema cache`,
          );
        }
      }
      const colList = keys.map(quoteIdent).join(", ");
      const missingDefault = prefer.get("missing") === "default";
      let source: string;
      if (rows.length === 0) {
        statement = "";
        source = "";
      } else if (keys.length === 0) {
        source = rows.length === 1 ? "default values" : "";
        if (rows.length > 1) {
          source = `select from generate_series(1, ${c.p.add(rows.length)}::int)`;
        }
      } else if (missingDefault && rows.some((r) => keys.some((k) => !(k in r)))) {
        const tuples = rows.map((r) => {
          const ref = c.p.add(JSON.stringify(r));
          return `(${keys
            .map((k) =>
              k in r
                ? `(json_populate_record(null::${c.qualified}, ${ref}::json)).${quoteIdent(k)}`
                : "default",
            )
            .join(", ")})`;
        });
        source = `values ${tuples.join(", ")}`;
      } else {
        source = `select ${colList} from json_populate_recordset(null::${c.qualified}, ${c.p.add(JSON.stringify(rows))}::json)`;
      }
      let conflict = "";
      const resolution = prefer.get("resolution");
      if (resolution === "merge-duplicates" || resolution === "ignore-duplicates") {
        const onConflict = req.params.get("on_conflict");
        const target = onConflict
          ? splitTopLevel(onConflict).map((s) => unquote(s.trim()))
          : table.primaryKey;
        for (const t of target) await c.column(t);
        if (target.length === 0)
          throw new ApiError(400, "PGRST100", "An upsert needs on_conflict or a primary key");
        const updatable = keys;
        conflict =
          resolution === "ignore-duplicates" || updatable.length === 0
            ? ` on conflict (${target.map(quoteIdent).join(", ")}) do nothing`
            : ` on conflict (${target.map(quoteIdent).join(", ")}) do update set ${updatable
                .map((k) => `${quoteIdent(k)} = excluded.${quoteIdent(k)}`)
                .join(", ")}`;
      }
      statement =
        rows.length === 0
          ? ""
          : `insert into ${c.qualified} ${keys.length ? `(${colList}) ` : ""}${source}${conflict}`;
      okStatus = 201;
    } else if (method === "PATCH") {
      const parsed = parseBody(req.body);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new ApiError(400, "PGRST102", "Empty or invalid json");
      }
      const keys = Object.keys(parsed);
      for (const k of keys) {
        if (!(await this.cache.column(table, k))) {
          throw new ApiError(
            400,
            "PGRST204",
            `Could not find the '${k}' column of '${table.name}' in the schema cache`,
          );
        }
      }
      const ref = c.p.add(JSON.stringify(parsed));
      const conds = await c.where(req.params);
      if (conds.length === 0) throw new ApiError(400, "21000", "UPDATE requires a WHERE clause");
      statement = keys.length
        ? `update ${c.qualified} set ${keys.map((k) => `${quoteIdent(k)} = _p.${quoteIdent(k)}`).join(", ")} ` +
          `from json_populate_record(null::${c.qualified}, ${ref}::json) _p where ${conds.join(" and ")}`
        : "";
      okStatus = 200;
    } else if (method === "DELETE") {
      const conds = await c.where(req.params);
      if (conds.length === 0) throw new ApiError(400, "21000", "DELETE requires a WHERE clause");
      statement = `delete from ${c.qualified} where ${conds.join(" and ")}`;
      okStatus = 200;
    } else {
      throw new ApiError(405, "PGRST117", `Unsupported HTTP method: ${method}`);
    }

    const cols = wantRows ? await c.selectList(req.params.get("select")) : "";
    const { body, n } = await this.db
      .transaction(txOptions, async (tx) => {
        let body = "[]";
        let n = 0;
        if (statement) {
          if (wantRows) {
            const sql =
              `with _w as (${statement} returning ${c.qualified}.*) ` +
              `select coalesce(json_agg(_t), '[]')::text as body, count(*)::int as n from (select ${cols} from _w) _t`;
            const r = await tx.query<{ body: string; n: number }>(sql, c.p.values);
            body = r.rows[0]!.body;
            n = Number(r.rows[0]!.n);
          } else {
            const r = await tx.query(statement, c.p.values);
            n = r.rowCount;
          }
        }
        if (single && n !== 1) throw new SingleError(n);
        if (rollback) throw new RollbackSignal({ body, n });
        return { body, n };
      })
      .catch((e) => {
        if (e instanceof RollbackSignal) return e.result;
        throw e;
      });

    const headers: Record<string, string> = { "content-type": JSON_TYPE };
    if (countWanted || method !== "POST") headers["content-range"] = `*/${countWanted ? n : "*"}`;
    if (!wantRows) return { status: method === "POST" ? 201 : 204, headers, body: null };
    return { status: okStatus, headers, body: single ? body.slice(1, -1).trim() : body };
  }
  /** POST|GET /rpc/<fn>: calls public.<fn> with named arguments (a JSON object, or the query). */
  private async rpc(req: RestRequest, method: string): Promise<RestResponse> {
    const name = req.table.slice(4);
    const readOnly = method === "GET" || method === "HEAD";
    let args: Record<string, unknown>;
    if (readOnly) {
      args = {};
      for (const [k, v] of req.params) if (!RESERVED.has(k)) args[k] = v;
    } else {
      const parsed = parseBody(req.body);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        throw new ApiError(400, "PGRST102", "Empty or invalid json");
      }
      args = parsed as Record<string, unknown>;
    }
    const fn = await this.cache.func(name, Object.keys(args));
    if (!fn) {
      throw new ApiError(
        404,
        "PGRST202",
        `Could not find the function public.${name}(${Object.keys(args).join(", ")}) in the schema cache`,
        null,
        "The local stack calls functions with named arguments only",
      );
    }
    const p = new Params();
    const callArgs = fn.args
      .filter((a) => a.name in args)
      .map((a) => {
        const v = args[a.name];
        const json = p.add(JSON.stringify(v === undefined ? null : v));
        let expr: string;
        if (a.type === "json" || a.type === "jsonb") expr = `${json}::${a.type}`;
        else if (a.typcategory === "A" && Array.isArray(v))
          expr = `array(select json_array_elements_text(${json}::json))::${a.type}`;
        else expr = `(${json}::json #>> '{}')::${a.type}`;
        return `${quoteIdent(a.name)} => ${expr}`;
      });
    const call = `${quoteIdent("public")}.${quoteIdent(name)}(${callArgs.join(", ")})`;
    const single = (req.headers.get("accept") ?? "").includes("application/vnd.pgrst.object+json");
    const limit = nonNegativeInt(req.params.get("limit"), "limit");
    const offset = nonNegativeInt(req.params.get("offset"), "offset") ?? 0;
    let sql: string;
    if (fn.returnsRows) {
      let page = "";
      if (limit !== null) page += ` limit ${p.add(limit)}`;
      if (offset) page += ` offset ${p.add(offset)}`;
      const select = req.params.get("select");
      let cols = "*";
      if (select && select.trim() !== "*") {
        cols = splitTopLevel(select)
          .map((item) => item.trim())
          .filter(Boolean)
          .map((item) => {
            const m =
              /^(?:([^:(]+):(?!:))?([^:(]+?)(?:::([a-zA-Z_][a-zA-Z0-9_ ]*(?:\[\])?))?$/.exec(item);
            if (!m) throw badFilter(`failed to parse select parameter (${select})`);
            const col = unquote(m[2]!.trim());
            if (col === "*") return "*";
            return `${quoteIdent(col)}${m[3] ? `::${m[3]}` : ""} as ${quoteIdent(m[1]?.trim() ?? col)}`;
          })
          .join(", ");
      }
      sql = `select coalesce(json_agg(_t), '[]')::text as body, count(*)::int as n from (select ${cols} from ${call} _f${page}) _t`;
    } else {
      sql = `select coalesce(to_json(${call})::text, 'null') as body, 1 as n`;
    }
    const settings = {
      search_path: "public, extensions",
      "request.jwt.claims": JSON.stringify(req.claims),
      "request.method": method,
      "request.path": req.path,
      "request.headers": JSON.stringify(
        Object.fromEntries([...req.headers].map(([k, v]) => [k.toLowerCase(), v])),
      ),
    };
    const { body, n } = await this.db.transaction(
      { settings, role: req.role, readOnly },
      async (tx) => {
        const r = await tx.query<{ body: string; n: number }>(sql, p.values);
        const n = Number(r.rows[0]!.n);
        if (single && fn.returnsRows && n !== 1) throw new SingleError(n);
        return { body: r.rows[0]!.body, n };
      },
    );
    const out = single && fn.returnsRows ? body.slice(1, -1).trim() : body;
    return {
      status: 200,
      headers: {
        "content-type": JSON_TYPE,
        "content-range": fn.returnsRows ? contentRange(offset, n, null) : "*/*",
      },
      body: method === "HEAD" ? null : out,
    };
  }
}

class RollbackSignal extends Error {
  constructor(readonly result: { body: string; n: number }) {
    super("rollback");
  }
}

export type { Queryable };
