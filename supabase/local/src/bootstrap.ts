// Start-up of a database: Supabase's own objects, then the migrations (each once, in file-name
// order), then the seed (once per database), then the staff account.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "./db.ts";
import { BOOTSTRAP_SQL } from "./config.ts";
import { upsertAdmin } from "./users.ts";

export interface BootstrapOptions {
  migrationsDir?: string;
  seedFile?: string;
  extraSql?: string[];
  seedAdmin?: { email: string; password: string } | null;
  log?: (line: string) => void;
}

export async function applyBootstrap(db: Db): Promise<void> {
  const sql = fs.readFileSync(BOOTSTRAP_SQL, "utf8");
  // Parallel starts against one server can race on cluster-wide roles: retry once.
  try {
    await db.exec(sql);
  } catch {
    await new Promise((r) => setTimeout(r, 200));
    await db.exec(sql);
  }
}

export function listMigrations(
  dir: string | undefined,
): { version: string; name: string; file: string }[] {
  if (!dir || !fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => {
      const base = f.replace(/\.sql$/, "");
      const m = /^(\d+)_?(.*)$/.exec(base);
      return { version: m ? m[1]! : base, name: m ? m[2]! : base, file: path.join(dir, f) };
    });
}

export async function applyMigrations(
  db: Db,
  dir: string | undefined,
  log: (l: string) => void,
): Promise<number> {
  const done = new Set(
    (
      await db.query<{ version: string }>(
        `select version from supabase_migrations.schema_migrations`,
      )
    ).rows.map((r) => r.version),
  );
  let applied = 0;
  for (const m of listMigrations(dir)) {
    if (done.has(m.version)) continue;
    const sql = fs.readFileSync(m.file, "utf8");
    try {
      await db.transaction({}, async (tx) => {
        await tx.exec(sql);
        await tx.query(
          `insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3])`,
          [m.version, m.name, sql],
        );
      });
    } catch (error) {
      const e = error as Error;
      throw new Error(`Migration ${path.basename(m.file)} failed: ${e.message}`, { cause: error });
    }
    log(`applied migration ${path.basename(m.file)}`);
    applied++;
  }
  return applied;
}

export async function applySeed(
  db: Db,
  seedFile: string | undefined,
  log: (l: string) => void,
): Promise<boolean> {
  const seeded = await db.query(
    `select 1 from supabase_migrations.local_meta where key = 'seeded'`,
  );
  if (seeded.rows.length > 0 || !seedFile || !fs.existsSync(seedFile)) return false;
  const sql = fs.readFileSync(seedFile, "utf8");
  await db.transaction({}, async (tx) => {
    await tx.exec(sql);
    await tx.query(
      `insert into supabase_migrations.local_meta (key, value) values ('seeded', $1) on conflict (key) do nothing`,
      [path.basename(seedFile)],
    );
  });
  log(`loaded seed ${path.basename(seedFile)}`);
  return true;
}

export async function bootstrapDatabase(db: Db, options: BootstrapOptions): Promise<void> {
  const log = options.log ?? (() => undefined);
  await applyBootstrap(db);
  await applyMigrations(db, options.migrationsDir, log);
  for (const sql of options.extraSql ?? []) await db.exec(sql);
  await applySeed(db, options.seedFile, log);
  if (options.seedAdmin) {
    const { email, password } = options.seedAdmin;
    await db.transaction({}, (tx) => upsertAdmin(tx, email, password));
  }
}
