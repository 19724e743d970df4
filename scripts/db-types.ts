// npm run db:types: shared/database.types.ts, as `supabase gen types` writes it for
// supabase/migrations, applied by `supabase db push` to a fresh database on the PostgreSQL server
// at DATABASE_URL (npm run db:types starts a throw-away one). The site (src/types/database.ts
// re-exports it), the functions (@shared/ in their import map) and the tests all read that one
// file. `--check` compares instead of writing.
import fs from "node:fs";
import path from "node:path";
import { TYPES_OUTPUT, typesFromMigrations } from "./lib/supabase-cli.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("db-types: DATABASE_URL is not set (run npm run db:types)");
  process.exit(1);
}
const types = await typesFromMigrations(databaseUrl, (output) => process.stdout.write(output));
const check = process.argv.includes("--check");
const name = path.relative(process.cwd(), TYPES_OUTPUT);
if (!check) {
  fs.writeFileSync(TYPES_OUTPUT, types);
  console.log(`wrote ${name}`);
} else if (fs.readFileSync(TYPES_OUTPUT, "utf8") !== types) {
  console.error(`${name} differs from what supabase gen types writes: run npm run db:types`);
  process.exitCode = 1;
} else console.log(`${name} is what supabase gen types writes`);
