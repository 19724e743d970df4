// npm run test:hardening: every hardening suite, then one table of figures.
//   1. the hardening Vitest files on PGlite, 2. the same on PostgreSQL (with-postgres.sh),
//   3. a production build into a throw-away DIST_DIR and the secrets scan on it,
//   4. the browser suites (playwright test e2e/hardening), 5. the report.
// Every step runs even when an earlier one fails; the exit code is 1 if any failed.
// `tsx scripts/hardening/run.ts clear` only forgets the figures of earlier runs (npm test).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../lib/free-port.ts";
import { clearFigures } from "./figures.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

if (process.argv[2] === "clear") {
  clearFigures();
  process.exit(0);
}

interface Step {
  name: string;
  ms: number;
  status: number | "skipped";
}
const steps: Step[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  console.log(`\n=== ${name}: ${[command, ...args].join(" ")}\n`);
  const started = performance.now();
  const r = spawnSync(command, args, { cwd: ROOT, env, stdio: "inherit" });
  const status = r.status ?? 1;
  steps.push({ name, ms: performance.now() - started, status });
  return status === 0;
}

const started = performance.now();
clearFigures();

const pglite = { ...process.env };
delete pglite.DATABASE_URL;
run(
  "Vitest on PGlite",
  "npx",
  ["vitest", "run", "--project", "stack", "supabase/tests/hardening", "scripts/hardening"],
  pglite,
);

run("Vitest on PostgreSQL", "bash", [
  "supabase/local/scripts/with-postgres.sh",
  "npx",
  "vitest",
  "run",
  "--project",
  "stack",
  "supabase/tests/hardening",
]);

const dist = path.join("node_modules/.tmp", `hardening-dist-${process.pid}`);
try {
  if (
    run("build into a throw-away DIST_DIR", "npx", ["tsx", "scripts/build-with-fresh-stack.ts"], {
      ...process.env,
      DIST_DIR: dist,
    })
  ) {
    run("secrets scan", "npx", ["tsx", "scripts/hardening/scan-secrets.ts", dist]);
  } else {
    steps.push({ name: "secrets scan", ms: 0, status: "skipped" });
  }
} finally {
  for (const dir of [dist, `${dist}-ssr`])
    fs.rmSync(path.join(ROOT, dir), { recursive: true, force: true });
}

const specs = fs
  .readdirSync(path.join(ROOT, "e2e"))
  .filter((f) => /^hardening-.*\.spec\.ts$/.test(f));
if (specs.length === 0) {
  console.log("\n=== browser suites: no e2e/hardening-*.spec.ts yet, skipped");
  steps.push({ name: "browser suites (Playwright)", ms: 0, status: "skipped" });
} else {
  // Ports of their own, so a dev server or another test run on the defaults is never reused.
  const e2eEnv = {
    ...process.env,
    E2E_PORT: process.env.E2E_PORT ?? String(await freePort()),
    E2E_STACK_PORT: process.env.E2E_STACK_PORT ?? String(await freePort()),
  };
  if (run("Chromium", "node", ["scripts/ensure-chromium.mjs"], e2eEnv)) {
    run("browser suites (Playwright)", "npx", ["playwright", "test", "e2e/hardening"], e2eEnv);
  }
  fs.rmSync(path.join(ROOT, `node_modules/.tmp/e2e-dist-${e2eEnv.E2E_PORT}`), {
    recursive: true,
    force: true,
  });
  fs.rmSync(path.join(ROOT, `node_modules/.tmp/e2e-dist-${e2eEnv.E2E_PORT}-ssr`), {
    recursive: true,
    force: true,
  });
}

const reportOk = run("report", "npx", ["tsx", "scripts/hardening/report.ts"]);

console.log("\n## Timings\n");
console.log("| step | time | result |\n| --- | --- | --- |");
for (const s of steps) {
  const result = s.status === "skipped" ? "skipped" : s.status === 0 ? "ok" : `exit ${s.status}`;
  console.log(`| ${s.name} | ${(s.ms / 1000).toFixed(1)} s | ${result} |`);
}
console.log(`| total | ${((performance.now() - started) / 1000).toFixed(1)} s | |`);

const failed = steps.filter((s) => s.status !== 0 && s.status !== "skipped");
process.exit(failed.length === 0 && reportOk ? 0 : 1);
