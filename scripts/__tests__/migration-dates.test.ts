// Migrations are dated when they are written, as `supabase migration new` dates them (UTC), never
// ahead: an adopter's own migration, made today, must sort after every upstream one already
// committed. A migration's date may not be later than the commit that added it (or now, for one
// not committed yet).
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const migrationsFolder = "supabase/migrations";

function utcStamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** Each committed migration → the time of the earliest commit that added it (a rename adds it anew). */
function addedAt(): Map<string, Date> {
  const log = execFileSync(
    "git",
    [
      "log",
      "--no-renames",
      "--diff-filter=A",
      "--name-only",
      "--format=@%ct",
      "--",
      migrationsFolder,
    ],
    { cwd: root, encoding: "utf8" },
  );
  const added = new Map<string, Date>();
  let commitTime = new Date();
  for (const line of log.split("\n")) {
    if (line.startsWith("@")) commitTime = new Date(Number(line.slice(1)) * 1000);
    else if (line.trim()) added.set(path.basename(line.trim()), commitTime);
  }
  return added;
}

describe("migration dates", () => {
  const migrations = readdirSync(path.join(root, migrationsFolder)).filter((name) =>
    name.endsWith(".sql"),
  );

  it("names every migration as supabase migration new does", () => {
    expect(migrations.length).toBeGreaterThan(0);
    for (const name of migrations) expect(name).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/);
  });

  it("dates no migration after the commit that added it", () => {
    const added = addedAt();
    const now = new Date();
    const late = migrations.filter((name) => name.slice(0, 14) > utcStamp(added.get(name) ?? now));
    expect(late).toEqual([]);
  });
});
