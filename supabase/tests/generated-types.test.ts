// The committed database types are what the Supabase CLI generates from the migrations, applied
// by its own `supabase db push` (its output is printed: every migration, in order). A hand edit,
// or a migration without `npm run db:types`, fails here. The CLI needs a PostgreSQL server:
// this runs in npm run test:postgres. They live in one file, shared/database.types.ts: the site
// re-exports it (src/types/database.ts) and the functions import it through their import map.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { TYPES_OUTPUT, typesFromMigrations } from "../../scripts/lib/supabase-cli.ts";
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
    expect(
      fs.readFileSync(TYPES_OUTPUT, "utf8"),
      `${path.relative(REPO_ROOT, TYPES_OUTPUT)}: run npm run db:types`,
    ).toBe(generated);
  }, 120_000);
});

describe("the one copy of the generated types", () => {
  it("is shared/database.types.ts: the site's module re-exports it and nothing else", () => {
    const site = fs.readFileSync(path.join(REPO_ROOT, "src", "types", "database.ts"), "utf8");
    const code = site.replace(/^\s*\/\/.*$/gm, "").trim();
    expect(code).toBe('export * from "@shared/database.types.ts";');
    expect(
      fs.existsSync(path.join(REPO_ROOT, "supabase", "functions", "_shared", "database.types.ts")),
    ).toBe(false);
  });
});
