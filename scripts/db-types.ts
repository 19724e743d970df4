// npm run db:types: src/types/database.ts and the functions' copy, as `supabase gen types`
// writes them for supabase/migrations, applied by `supabase db push` to a fresh database on the
// PostgreSQL server at DATABASE_URL (npm run db:types starts a throw-away one). `--check`
// compares instead of writing.
import fs from "node:fs";
import path from "node:path";
import { TYPES_OUTPUTS, typesFromMigrations } from "./lib/supabase-cli.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("db-types: DATABASE_URL is not set (run npm run db:types)");
  process.exit(1);
}
const types = await typesFromMigrations(databaseUrl, (output) => process.stdout.write(output));
const check = process.argv.includes("--check");
for (const file of TYPES_OUTPUTS) {
  const name = path.relative(process.cwd(), file);
  if (!check) {
    fs.writeFileSync(file, types);
    console.log(`wrote ${name}`);
  } else if (fs.readFileSync(file, "utf8") !== types) {
    console.error(`${name} differs from what supabase gen types writes: run npm run db:types`);
    process.exitCode = 1;
  } else console.log(`${name} is what supabase gen types writes`);
}
