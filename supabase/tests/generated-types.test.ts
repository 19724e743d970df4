// The committed database types are what the Supabase CLI generates from the migrations, applied
// by its own `supabase db push` (its output is printed: every migration, in order). A hand edit,
// or a migration without `npm run db:types`, fails here. The CLI needs a PostgreSQL server:
// this runs in npm run test:postgres.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TYPES_OUTPUTS, typesFromMigrations } from "../../scripts/lib/supabase-cli.ts";
import { listMigrations } from "../local/src/bootstrap.ts";
import { DEFAULT_MIGRATIONS_DIR, REPO_ROOT } from "../local/src/config.ts";

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)("generated database types", () => {
  it("are what supabase gen types writes after supabase db push applies every migration", async () => {
    let pushed = "";
    const generated = await typesFromMigrations(serverUrl!, (output) => {
      pushed = output;
      console.log(output);
    });
    for (const migration of listMigrations(DEFAULT_MIGRATIONS_DIR)) {
      expect(pushed).toContain(`Applying migration ${path.basename(migration.file)}`);
    }
    for (const file of TYPES_OUTPUTS) {
      expect(
        fs.readFileSync(file, "utf8"),
        `${path.relative(REPO_ROOT, file)}: run npm run db:types`,
      ).toBe(generated);
    }
  }, 120_000);
});
