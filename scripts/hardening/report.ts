// Prints every hardening figure as one Markdown table (area, check, backend, figure, ok) and
// exits 1 when a figure is not ok or an expected area recorded nothing.
//   tsx scripts/hardening/report.ts [--areas load,faults,...]
// Expected by default: load, faults, input, access, linter, secrets, and content when the
// browser suites (e2e/hardening-*.spec.ts) exist.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { readFigures, type Figure } from "./figures.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const AREA_ORDER: Figure["area"][] = [
  "load",
  "faults",
  "input",
  "access",
  "content",
  "linter",
  "secrets",
];

export function expectedAreas(root = ROOT): string[] {
  const areas = ["load", "faults", "input", "access", "linter", "secrets"];
  const e2e = path.join(root, "e2e");
  const browser =
    fs.existsSync(e2e) && fs.readdirSync(e2e).some((f) => /^hardening-.*\.spec\.ts$/.test(f));
  if (browser) areas.push("content");
  return areas;
}

const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

export function renderTable(figures: Figure[]): string {
  const rank = (f: Figure) => {
    const i = AREA_ORDER.indexOf(f.area);
    return i < 0 ? AREA_ORDER.length : i;
  };
  const sorted = figures
    .map((f, i) => ({ f, i }))
    .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
    .map(({ f }) => f);
  const lines = [
    "| area | check | backend | figure | ok |",
    "| --- | --- | --- | --- | --- |",
    ...sorted.map(
      (f) =>
        `| ${cell(f.area)} | ${cell(f.check)} | ${cell(f.backend)} | ${cell(f.value)} | ${f.ok ? "yes" : "**NO**"} |`,
    ),
  ];
  return lines.join("\n");
}

export interface Verdict {
  failed: Figure[];
  missing: string[];
  ok: boolean;
}

export function verdict(figures: Figure[], areas: string[]): Verdict {
  const failed = figures.filter((f) => !f.ok);
  const missing = areas.filter((a) => !figures.some((f) => f.area === a));
  return { failed, missing, ok: figures.length > 0 && failed.length === 0 && missing.length === 0 };
}

function main() {
  const flag = process.argv.indexOf("--areas");
  const areas =
    flag >= 0
      ? (process.argv[flag + 1] ?? "")
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean)
      : expectedAreas();
  const figures = readFigures();
  const v = verdict(figures, areas);
  const backends = [...new Set(figures.map((f) => f.backend))];

  console.log("\n## Hardening figures\n");
  console.log(figures.length ? renderTable(figures) : "(no figures recorded)");
  console.log(
    `\n${figures.length} figures from ${backends.join(", ") || "no backend"}; ` +
      `${v.failed.length} not ok; expected areas: ${areas.join(", ")}` +
      (v.missing.length ? `; MISSING: ${v.missing.join(", ")}` : "; all present"),
  );
  if (!backends.includes("PostgreSQL"))
    console.log("note: no PostgreSQL figures (with-postgres.sh found no server binaries?)");
  process.exit(v.ok ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main();
