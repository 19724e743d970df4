// npm run db:types: src/types/database.ts and the functions' copy, as `supabase gen types`
// writes them for the database at DATABASE_URL (a throw-away PostgreSQL that `npm run db:types`
// migrates first with supabase db push). `--check` compares instead of writing.
import fs from "node:fs";
import path from "node:path";
import { generateTypes, TYPES_OUTPUTS } from "./lib/supabase-cli.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("db-types: DATABASE_URL is not set (run npm run db:types)");
  process.exit(1);
}
const types = await generateTypes(databaseUrl);
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
