// npm run db:types: writes src/types/database.ts from the live `public` schema, in the shape
// `supabase gen types typescript` produces. With DATABASE_URL it reads that server; otherwise it
// builds a throw-away in-memory database from supabase/migrations (what the stack runs).
//   --out <file>   write elsewhere      --check   fail if the file is out of date
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { applyBootstrap, applyMigrations } from "../supabase/local/src/bootstrap.ts";
import { DEFAULT_MIGRATIONS_DIR, REPO_ROOT } from "../supabase/local/src/config.ts";
import { openDb, type Queryable } from "../supabase/local/src/db.ts";

interface ColumnInfo {
  table: string;
  kind: string;
  name: string;
  type_name: string;
  type_schema: string;
  elem_name: string | null;
  elem_schema: string | null;
  typtype: string;
  nullable: boolean;
  has_default: boolean;
  identity: string;
  generated: string;
}

const SCALARS: Record<string, string> = {
  bool: "boolean",
  int2: "number",
  int4: "number",
  int8: "number",
  float4: "number",
  float8: "number",
  numeric: "number",
  oid: "number",
  json: "Json",
  jsonb: "Json",
  void: "undefined",
  record: "Record<string, unknown>",
};
const STRINGS = new Set([
  "text",
  "varchar",
  "bpchar",
  "char",
  "name",
  "uuid",
  "date",
  "time",
  "timetz",
  "timestamp",
  "timestamptz",
  "interval",
  "bytea",
  "inet",
  "cidr",
  "macaddr",
  "citext",
  "money",
  "tsvector",
  "tsquery",
  "xml",
  "bit",
  "varbit",
  "int4range",
  "int8range",
  "numrange",
  "tsrange",
  "tstzrange",
  "daterange",
  "point",
  "regclass",
  "regproc",
]);

function tsType(name: string, schema: string, enums: Set<string>): string {
  if (schema === "public" && enums.has(name)) return `Database["public"]["Enums"]["${name}"]`;
  if (SCALARS[name]) return SCALARS[name]!;
  if (STRINGS.has(name)) return "string";
  return "unknown";
}

function columnType(
  c: {
    type_name: string;
    type_schema: string;
    elem_name: string | null;
    elem_schema: string | null;
  },
  enums: Set<string>,
) {
  if (c.elem_name && c.type_name.startsWith("_")) {
    const inner = tsType(c.elem_name, c.elem_schema ?? "pg_catalog", enums);
    return inner.includes(" ") ? `(${inner})[]` : `${inner}[]`;
  }
  return tsType(c.type_name, c.type_schema, enums);
}

const key = (name: string) =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
const never = (indent: string) => `{\n${indent}  [_ in never]: never\n${indent}}`;

export async function generateTypes(q: Queryable): Promise<string> {
  const enumRows = await q.query<{ name: string; labels: string[] | string }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = 'public' group by t.typname order by t.typname`,
  );
  const enums = new Map<string, string[]>();
  for (const r of enumRows.rows) {
    enums.set(
      r.name,
      Array.isArray(r.labels) ? r.labels : String(r.labels).replace(/^{|}$/g, "").split(","),
    );
  }
  const enumNames = new Set(enums.keys());

  const cols = (
    await q.query<ColumnInfo>(
      `select c.relname as table, c.relkind::text as kind, a.attname as name,
              t.typname as type_name, tn.nspname as type_schema,
              et.typname as elem_name, en.nspname as elem_schema, t.typtype::text as typtype,
              not a.attnotnull as nullable, a.atthasdef as has_default,
              a.attidentity::text as identity, a.attgenerated::text as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       join pg_namespace tn on tn.oid = t.typnamespace
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       left join pg_namespace en on en.oid = et.typnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
       order by c.relname, a.attname`,
    )
  ).rows;

  const fns = (
    await q.query<{
      name: string;
      args: string | null;
      arg_names: string[] | null;
      arg_types: string[] | null;
      ret: string;
      ret_schema: string;
      ret_elem: string | null;
      retset: boolean;
      nargs: number;
      ndefaults: number;
    }>(
      `select p.proname as name, p.proargnames::text[] as arg_names,
              array(select format('%s.%s', tn.nspname, t.typname) from unnest(p.proargtypes) with ordinality as x(oid, i)
                    join pg_type t on t.oid = x.oid join pg_namespace tn on tn.oid = t.typnamespace order by x.i)::text[] as arg_types,
              rt.typname as ret, rn.nspname as ret_schema, ret_e.typname as ret_elem, p.proretset as retset,
              p.pronargs::int as nargs, p.pronargdefaults::int as ndefaults, null as args
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type rt on rt.oid = p.prorettype
       join pg_namespace rn on rn.oid = rt.typnamespace
       left join pg_type ret_e on ret_e.oid = rt.typelem and rt.typcategory = 'A'
       where n.nspname = 'public' and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
       order by p.proname`,
    )
  ).rows;

  const tables = new Map<string, { kind: string; cols: ColumnInfo[] }>();
  for (const c of cols) {
    const t = tables.get(c.table) ?? { kind: c.kind, cols: [] };
    t.cols.push(c);
    tables.set(c.table, t);
  }
  const sortedNames = [...tables.keys()].sort();
  const baseTables = sortedNames.filter((n) => ["r", "p", "f"].includes(tables.get(n)!.kind));
  const views = sortedNames.filter((n) => ["v", "m"].includes(tables.get(n)!.kind));

  const I = (n: number) => "  ".repeat(n);
  const out: string[] = [];
  out.push(`// Generated by \`npm run db:types\` from the live schema. Do not edit by hand.`);
  out.push(
    `export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n`,
  );
  out.push(`export type Database = {`);
  out.push(`  // Allows to automatically instantiate createClient with right options`);
  out.push(`  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)`);
  out.push(`  __InternalSupabase: {\n    PostgrestVersion: "12"\n  }`);
  out.push(`  public: {`);

  const tableBlock = (name: string, isView: boolean) => {
    const t = tables.get(name)!;
    const lines: string[] = [`${I(3)}${key(name)}: {`];
    const field = (c: ColumnInfo, mode: "Row" | "Insert" | "Update") => {
      const ty = columnType(c, enumNames);
      const nullable = isView ? true : c.nullable;
      const full = nullable ? `${ty} | null` : ty;
      if (mode === "Row") return `${I(5)}${key(c.name)}: ${full}`;
      if (c.identity === "a" || c.generated === "s") return `${I(5)}${key(c.name)}?: never`;
      const optional = mode === "Update" || nullable || c.has_default || c.identity === "d";
      return `${I(5)}${key(c.name)}${optional ? "?" : ""}: ${full}`;
    };
    for (const mode of isView ? (["Row"] as const) : (["Row", "Insert", "Update"] as const)) {
      lines.push(`${I(4)}${mode}: {`);
      for (const c of t.cols) lines.push(field(c, mode));
      lines.push(`${I(4)}}`);
    }
    lines.push(`${I(4)}Relationships: []`);
    lines.push(`${I(3)}}`);
    return lines.join("\n");
  };

  out.push(
    `${I(2)}Tables: ${baseTables.length ? `{\n${baseTables.map((n) => tableBlock(n, false)).join("\n")}\n${I(2)}}` : never(I(2))}`,
  );
  out.push(
    `${I(2)}Views: ${views.length ? `{\n${views.map((n) => tableBlock(n, true)).join("\n")}\n${I(2)}}` : never(I(2))}`,
  );

  const fnBlocks = fns.map((f) => {
    const names = f.arg_names ?? [];
    const types = f.arg_types ?? [];
    let args = "never";
    if (f.nargs > 0) {
      const fields = types.map((full, i) => {
        const [schema, tname] = full.split(".") as [string, string];
        const elem = tname.startsWith("_")
          ? {
              type_name: tname,
              type_schema: schema,
              elem_name: tname.slice(1),
              elem_schema: schema,
            }
          : { type_name: tname, type_schema: schema, elem_name: null, elem_schema: null };
        const optional = i >= f.nargs - f.ndefaults;
        return `${I(6)}${key(names[i] || `arg${i}`)}${optional ? "?" : ""}: ${columnType(elem, enumNames)}`;
      });
      args = `{\n${fields.join("\n")}\n${I(5)}}`;
    }
    let ret = columnType(
      {
        type_name: f.ret,
        type_schema: f.ret_schema,
        elem_name: f.ret_elem,
        elem_schema: f.ret_schema,
      },
      enumNames,
    );
    if (f.retset) ret = `${ret}[]`;
    return `${I(3)}${key(f.name)}: {\n${I(4)}Args: ${args}\n${I(4)}Returns: ${ret}\n${I(3)}}`;
  });
  out.push(
    `${I(2)}Functions: ${fnBlocks.length ? `{\n${fnBlocks.join("\n")}\n${I(2)}}` : never(I(2))}`,
  );

  const enumBlocks = [...enums].map(
    ([n, labels]) => `${I(3)}${key(n)}: ${labels.map((l) => JSON.stringify(l)).join(" | ")}`,
  );
  out.push(
    `${I(2)}Enums: ${enumBlocks.length ? `{\n${enumBlocks.join("\n")}\n${I(2)}}` : never(I(2))}`,
  );
  out.push(`${I(2)}CompositeTypes: ${never(I(2))}`);
  out.push(`  }`);
  out.push(`}\n`);

  out.push(HELPERS);
  const constEnums = [...enums].map(
    ([n, labels]) => `${I(3)}${key(n)}: [${labels.map((l) => JSON.stringify(l)).join(", ")}],`,
  );
  out.push(
    `export const Constants = {\n  public: {\n    Enums: {${constEnums.length ? `\n${constEnums.join("\n")}\n    ` : ""}},\n  },\n} as const\n`,
  );
  return out.join("\n");
}

const HELPERS = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

/** Builds the schema the types describe: DATABASE_URL, or the migrations in memory. */
export async function typesFromMigrations(
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
  databaseUrl?: string,
): Promise<string> {
  const db = await openDb(databaseUrl ? { databaseUrl } : { inMemory: true });
  try {
    if (!databaseUrl) {
      await applyBootstrap(db);
      await applyMigrations(db, migrationsDir, () => undefined);
    }
    return await generateTypes(db);
  } finally {
    await db.close();
  }
}

/**
 * Where the generated types go: the site's copy, and the functions' own copy, because a deployed
 * function may only import files under supabase/functions (supabase/cli#3467).
 */
const OUTPUTS = [
  path.join(REPO_ROOT, "src", "types", "database.ts"),
  path.join(REPO_ROOT, "supabase", "functions", "_shared", "database.types.ts"),
];

async function main() {
  const argv = process.argv.slice(2);
  const outIndex = argv.indexOf("--out");
  const outputs = outIndex >= 0 ? [path.resolve(argv[outIndex + 1]!)] : OUTPUTS;
  const text = await typesFromMigrations(
    DEFAULT_MIGRATIONS_DIR,
    process.env.DATABASE_URL || undefined,
  );
  for (const out of outputs) {
    const name = path.relative(process.cwd(), out);
    if (argv.includes("--check")) {
      const current = fs.existsSync(out) ? fs.readFileSync(out, "utf8") : "";
      if (current !== text) {
        console.error(`${name} is out of date: run npm run db:types`);
        process.exitCode = 1;
      } else console.log(`${name} is up to date`);
      continue;
    }
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    console.log(`wrote ${name}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
