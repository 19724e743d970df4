// Start-up of a database: Supabase's own objects, then the migrations (each once, in file-name
// order), then the seed (once per database), then the staff account.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "./db.ts";
import { BOOTSTRAP_SQL } from "./config.ts";
import { upsertAdmin } from "./auth/users.ts";

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
    await new Promise((resolve) => setTimeout(resolve, 200));
    await db.exec(sql);
  }
}

export function listMigrations(
  directory: string | undefined,
): { version: string; name: string; file: string }[] {
  if (!directory || !fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((fileName) => fileName.endsWith(".sql"))
    .sort()
    .map((fileName) => {
      const base = fileName.replace(/\.sql$/, "");
      const match = /^(\d+)_?(.*)$/.exec(base);
      return {
        version: match ? match[1]! : base,
        name: match ? match[2]! : base,
        file: path.join(directory, fileName),
      };
    });
}

export async function applyMigrations(
  db: Db,
  directory: string | undefined,
  log: (line: string) => void,
): Promise<number> {
  const done = new Set(
    (
      await db.query<{ version: string }>(
        `select version from supabase_migrations.schema_migrations`,
      )
    ).rows.map((row) => row.version),
  );
  let applied = 0;
  for (const migration of listMigrations(directory)) {
    if (done.has(migration.version)) continue;
    const sql = fs.readFileSync(migration.file, "utf8");
    const fileName = path.basename(migration.file);
    try {
      await db.transaction({}, async (transaction) => {
        await transaction.exec(sql);
        await transaction.query(
          `insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3])`,
          [migration.version, migration.name, sql],
        );
      });
    } catch (error) {
      throw new Error(`Migration ${fileName} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    log(`applied migration ${fileName}`);
    applied++;
  }
  return applied;
}

export async function applySeed(
  db: Db,
  seedFile: string | undefined,
  log: (line: string) => void,
): Promise<boolean> {
  const seeded = await db.query(
    `select 1 from supabase_migrations.local_meta where key = 'seeded'`,
  );
  if (seeded.rows.length > 0 || !seedFile || !fs.existsSync(seedFile)) return false;
  const sql = fs.readFileSync(seedFile, "utf8");
  await db.transaction({}, async (transaction) => {
    await transaction.exec(sql);
    await transaction.query(
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
    await db.transaction({}, (transaction) => upsertAdmin(transaction, email, password));
  }
}
