// What PostgREST calls the schema cache: tables, views and their columns in schema public,
// read from pg_catalog. Reloaded on a miss, so tables created after start are found.
import type { Queryable } from "./db.ts";

export interface Column {
  name: string;
  /** format_type with its modifier, e.g. character varying(20) */
  type: string;
  /** format_type without the modifier: safe for casting a bound parameter */
  castType: string;
  nullable: boolean;
  hasDefault: boolean;
  identity: string;
  generated: string;
  typtype: string;
  typcategory: string;
  position: number;
}

export interface Table {
  name: string;
  kind: string;
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  /** format_type of the argument, for casting */
  type: string;
  typcategory: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  /** returns a set or a row type: the answer is an array of rows */
  returnsRows: boolean;
  volatile: boolean;
}

export class SchemaCache {
  private tables = new Map<string, Table>();
  private functions = new Map<string, DbFunction[]>();
  private loading: Promise<void> | null = null;

  constructor(private readonly q: Queryable) {}

  async reload(): Promise<void> {
    if (!this.loading) {
      this.loading = this.load().finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  private async load(): Promise<void> {
    const cols = await this.q.query<{
      table: string;
      kind: string;
      name: string;
      type: string;
      cast_type: string;
      nullable: boolean;
      has_default: boolean;
      identity: string;
      generated: string;
      typtype: string;
      typcategory: string;
      position: number;
    }>(
      `select c.relname as table, c.relkind::text as kind, a.attname as name,
              format_type(a.atttypid, a.atttypmod) as type, format_type(a.atttypid, null) as cast_type,
              not a.attnotnull as nullable, a.atthasdef as has_default,
              a.attidentity::text as identity, a.attgenerated::text as generated,
              t.typtype::text as typtype, t.typcategory::text as typcategory, a.attnum::int as position
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')
       order by c.relname, a.attnum`,
    );
    const pks = await this.q.query<{ table: string; name: string }>(
      `select c.relname as table, a.attname as name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
       where n.nspname = 'public' and i.indisprimary
       order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
    );
    const tables = new Map<string, Table>();
    for (const r of cols.rows) {
      let t = tables.get(r.table);
      if (!t) {
        t = { name: r.table, kind: r.kind, columns: new Map(), primaryKey: [] };
        tables.set(r.table, t);
      }
      t.columns.set(r.name, {
        name: r.name,
        type: r.type,
        castType: r.cast_type,
        nullable: r.nullable,
        hasDefault: r.has_default,
        identity: r.identity ?? "",
        generated: r.generated ?? "",
        typtype: r.typtype,
        typcategory: r.typcategory,
        position: r.position,
      });
    }
    for (const r of pks.rows) tables.get(r.table)?.primaryKey.push(r.name);
    const fns = await this.q.query<{
      name: string;
      arg_names: string[] | null;
      arg_types: string[] | null;
      arg_cats: string[] | null;
      nargs: number;
      ndefaults: number;
      retset: boolean;
      rettyptype: string;
      volatile: boolean;
    }>(
      `select p.proname as name, p.proargnames::text[] as arg_names,
              array(select format_type(t, null) from unnest(p.proargtypes) with ordinality x(t, i) order by i)::text[] as arg_types,
              array(select ty.typcategory::text from unnest(p.proargtypes) with ordinality x(t, i) join pg_type ty on ty.oid = x.t order by i)::text[] as arg_cats,
              p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults, p.proretset as retset,
              rt.typtype::text as rettyptype, p.provolatile = 'v' as volatile
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       where n.nspname = 'public' and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`,
    );
    const functions = new Map<string, DbFunction[]>();
    for (const r of fns.rows) {
      const types = r.arg_types ?? [];
      const f: DbFunction = {
        name: r.name,
        args: types.map((type, i) => ({
          name: r.arg_names?.[i] ?? "",
          type,
          typcategory: r.arg_cats?.[i] ?? "S",
          hasDefault: i >= r.nargs - r.ndefaults,
        })),
        returnsRows: r.retset || r.rettyptype === "c",
        volatile: r.volatile,
      };
      functions.set(r.name, [...(functions.get(r.name) ?? []), f]);
    }
    this.tables = tables;
    this.functions = functions;
  }

  /** The overload of public.<name> whose named arguments match `given`. */
  async func(name: string, given: string[]): Promise<DbFunction | undefined> {
    const pick = () =>
      (this.functions.get(name) ?? []).find(
        (f) =>
          f.args.every((a) => a.name && (a.hasDefault || given.includes(a.name))) &&
          given.every((g) => f.args.some((a) => a.name === g)),
      );
    return pick() ?? (await this.reload(), pick());
  }

  async table(name: string): Promise<Table | undefined> {
    const t = this.tables.get(name);
    if (t) return t;
    await this.reload();
    return this.tables.get(name);
  }

  /** Looks a column up, reloading the cache once if it is unknown. */
  async column(table: Table, name: string): Promise<Column | undefined> {
    const c = table.columns.get(name);
    if (c) return c;
    await this.reload();
    return this.tables.get(table.name)?.columns.get(name);
  }
}
