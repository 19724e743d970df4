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
  arguments: FunctionArg[];
  /** returns a set or a row type: the answer is an array of rows */
  returnsRows: boolean;
  volatile: boolean;
}

interface ColumnRow {
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
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[] | null;
  arg_cats: string[] | null;
  nargs: number;
  ndefaults: number;
  retset: boolean;
  rettyptype: string;
  volatile: boolean;
}

async function loadTables(database: Queryable): Promise<Map<string, Table>> {
  const columns = await database.query<ColumnRow>(
    `select relation.relname as table, relation.relkind::text as kind, table_column.attname as name,
            format_type(table_column.atttypid, table_column.atttypmod) as type,
            format_type(table_column.atttypid, null) as cast_type,
            not table_column.attnotnull as nullable, table_column.atthasdef as has_default,
            table_column.attidentity::text as identity, table_column.attgenerated::text as generated,
            column_type.typtype::text as typtype, column_type.typcategory::text as typcategory,
            table_column.attnum::int as position
     from pg_class relation
     join pg_namespace namespace on namespace.oid = relation.relnamespace
     join pg_attribute table_column on table_column.attrelid = relation.oid
       and table_column.attnum > 0 and not table_column.attisdropped
     join pg_type column_type on column_type.oid = table_column.atttypid
     where namespace.nspname = 'public' and relation.relkind in ('r', 'v', 'm', 'f', 'p')
     order by relation.relname, table_column.attnum`,
  );
  const primaryKeys = await database.query<{ table: string; name: string }>(
    `select relation.relname as table, table_column.attname as name
     from pg_index primary_index
     join pg_class relation on relation.oid = primary_index.indrelid
     join pg_namespace namespace on namespace.oid = relation.relnamespace
     join pg_attribute table_column on table_column.attrelid = relation.oid
       and table_column.attnum = any(primary_index.indkey)
     where namespace.nspname = 'public' and primary_index.indisprimary
     order by relation.relname, array_position(primary_index.indkey::int2[], table_column.attnum)`,
  );
  const tables = new Map<string, Table>();
  for (const row of columns.rows) {
    let table = tables.get(row.table);
    if (!table) {
      table = { name: row.table, kind: row.kind, columns: new Map(), primaryKey: [] };
      tables.set(row.table, table);
    }
    table.columns.set(row.name, {
      name: row.name,
      type: row.type,
      castType: row.cast_type,
      nullable: row.nullable,
      hasDefault: row.has_default,
      identity: row.identity ?? "",
      generated: row.generated ?? "",
      typtype: row.typtype,
      typcategory: row.typcategory,
      position: row.position,
    });
  }
  for (const row of primaryKeys.rows) tables.get(row.table)?.primaryKey.push(row.name);
  return tables;
}

function functionFromRow(row: FunctionRow): DbFunction {
  const types = row.arg_types ?? [];
  return {
    name: row.name,
    arguments: types.map((type, index) => ({
      name: row.arg_names?.[index] ?? "",
      type,
      typcategory: row.arg_cats?.[index] ?? "S",
      hasDefault: index >= row.nargs - row.ndefaults,
    })),
    returnsRows: row.retset || row.rettyptype === "c",
    volatile: row.volatile,
  };
}

async function loadFunctions(database: Queryable): Promise<Map<string, DbFunction[]>> {
  const rows = await database.query<FunctionRow>(
    `select public_function.proname as name, public_function.proargnames::text[] as arg_names,
            array(select format_type(signature.type_oid, null)
                  from unnest(public_function.proargtypes) with ordinality signature(type_oid, ordinal)
                  order by signature.ordinal)::text[] as arg_types,
            array(select argument_type.typcategory::text
                  from unnest(public_function.proargtypes) with ordinality signature(type_oid, ordinal)
                  join pg_type argument_type on argument_type.oid = signature.type_oid
                  order by signature.ordinal)::text[] as arg_cats,
            public_function.pronargs::int as nargs, public_function.pronargdefaults::int as ndefaults,
            public_function.proretset as retset, return_type.typtype::text as rettyptype,
            public_function.provolatile = 'v' as volatile
     from pg_proc public_function
     join pg_namespace namespace on namespace.oid = public_function.pronamespace
     join pg_type return_type on return_type.oid = public_function.prorettype
     where namespace.nspname = 'public' and public_function.prokind = 'f'
       and return_type.typname not in ('trigger', 'event_trigger')`,
  );
  const functions = new Map<string, DbFunction[]>();
  for (const row of rows.rows) {
    functions.set(row.name, [...(functions.get(row.name) ?? []), functionFromRow(row)]);
  }
  return functions;
}

export class SchemaCache {
  private tables = new Map<string, Table>();
  private functions = new Map<string, DbFunction[]>();
  private loading: Promise<void> | null = null;

  constructor(private readonly database: Queryable) {}

  async reload(): Promise<void> {
    if (!this.loading) {
      this.loading = this.load().finally(() => {
        this.loading = null;
      });
    }
    return this.loading;
  }

  private async load(): Promise<void> {
    const tables = await loadTables(this.database);
    const functions = await loadFunctions(this.database);
    this.tables = tables;
    this.functions = functions;
  }

  /** The overload of public.<name> whose named arguments match `given`. */
  async findFunction(name: string, given: string[]): Promise<DbFunction | undefined> {
    const pick = () =>
      (this.functions.get(name) ?? []).find(
        (candidate) =>
          candidate.arguments.every(
            (argument) => argument.name && (argument.hasDefault || given.includes(argument.name)),
          ) &&
          given.every((givenName) =>
            candidate.arguments.some((argument) => argument.name === givenName),
          ),
      );
    return pick() ?? (await this.reload(), pick());
  }

  async table(name: string): Promise<Table | undefined> {
    const table = this.tables.get(name);
    if (table) return table;
    await this.reload();
    return this.tables.get(name);
  }

  /** Looks a column up, reloading the cache once if it is unknown. */
  async column(table: Table, name: string): Promise<Column | undefined> {
    const column = table.columns.get(name);
    if (column) return column;
    await this.reload();
    return this.tables.get(table.name)?.columns.get(name);
  }
}
