// The hardening suites (Vitest on each database, Playwright in Chromium) each record their
// figures here; scripts/hardening/report.ts prints them as one table at the end of the run.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export const FIGURES_DIR = path.resolve(
  import.meta.dirname,
  "../../node_modules/.tmp/hardening-figures",
);

/** One line of the table: what was checked, where, the figure, and whether it holds. */
export interface Figure {
  area: "load" | "faults" | "input" | "intake" | "access" | "content" | "secrets" | "linter";
  check: string;
  /** "PGlite", "PostgreSQL", "Chromium", "dist" ... */
  backend: string;
  /** The measured figure, human-readable: "1000/1000 stored, 0 lost", "p50 8.1 ms" ... */
  value: string;
  ok: boolean;
}

/** Records a suite's figures (one file per suite and backend; a rerun replaces its file). */
export function recordFigures(suite: string, backend: string, figures: Figure[]): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${suite}--${backend}.json`.replace(/[^\w.-]+/g, "_"));
  writeFileSync(file, JSON.stringify(figures, null, 2));
}

export function readFigures(): Figure[] {
  let files: string[] = [];
  try {
    files = readdirSync(FIGURES_DIR)
      .filter((file) => file.endsWith(".json"))
      .sort();
  } catch {
    return [];
  }
  return files.flatMap(
    (file) => JSON.parse(readFileSync(path.join(FIGURES_DIR, file), "utf8")) as Figure[],
  );
}

export function clearFigures(): void {
  rmSync(FIGURES_DIR, { recursive: true, force: true });
}
