// npm run db:reset: throws the local database away and builds it again (bootstrap, migrations,
// seed, staff account). PGlite: deletes supabase/.data, the outbox, signing key and Storage's
// files with it. DATABASE_URL: drops the schemas the stack and the migrations own (public, auth,
// storage, supabase_migrations) on that server, and Storage's files.
import fs from "node:fs";
import path from "node:path";
import { bootstrapDatabase } from "./bootstrap.ts";
import { databaseFromEnvironment, seedAdminFromEnvironment } from "./command-environment.ts";
import {
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
  outboxFileFor,
  storageDirectoryFor,
} from "./config.ts";
import { lockDataDir, openDb } from "./db.ts";

const { databaseUrl, dataDir } = databaseFromEnvironment();
const log = (line: string) => console.log(`[db:reset] ${line}`);

if (databaseUrl) {
  const db = await openDb({ databaseUrl });
  await db.exec(`
    drop schema if exists public cascade;
    drop schema if exists auth cascade;
    drop schema if exists storage cascade;
    drop schema if exists supabase_migrations cascade;
    create schema public;
    grant usage, create on schema public to current_user;
  `);
  await db.close();
  fs.rmSync(storageDirectoryFor(dataDir), { recursive: true, force: true });
  log("dropped schemas public, auth, storage and supabase_migrations, and Storage's files");
} else {
  // Refuses while a running stack holds the directory.
  if (fs.existsSync(path.dirname(dataDir))) lockDataDir(dataDir)();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(outboxFileFor(dataDir), { force: true });
  fs.rmSync(path.join(path.dirname(dataDir), "signing-keys.json"), { force: true });
  fs.rmSync(storageDirectoryFor(dataDir), { recursive: true, force: true });
  log(`deleted ${path.relative(process.cwd(), dataDir) || dataDir}`);
}

const db = await openDb({ databaseUrl, dataDir });
await bootstrapDatabase(db, {
  migrationsDir: DEFAULT_MIGRATIONS_DIR,
  seedFile: DEFAULT_SEED_FILE,
  seedAdmin: seedAdminFromEnvironment(),
  log,
});
await db.close();
log("database re-created");
