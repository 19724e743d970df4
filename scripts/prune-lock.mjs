// The npm registry this project is installed from does not serve every platform build of
// packages such as Tailwind's oxide and Rollup. npm then leaves those builds out of
// package-lock.json but still lists them as optional dependencies, and `npm ci` refuses the
// lock. Dropping the references to builds the lock does not hold keeps `npm ci` working.
// Runs after every `npm install` (postinstall).
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
if (existsSync(file)) {
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const present = new Set(
    Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, "")),
  );
  let pruned = 0;
  for (const entry of Object.values(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (present.has(name)) continue;
      delete entry.optionalDependencies[name];
      pruned += 1;
    }
  }
  if (pruned > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
