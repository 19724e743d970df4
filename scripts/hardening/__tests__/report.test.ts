// The hardening report: its table and when it fails the run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Figure } from "../figures.ts";
import { expectedAreas, renderTable, verdict } from "../report.ts";

const fig = (area: Figure["area"], ok = true, value = "1"): Figure => ({
  area,
  check: `${area} check`,
  backend: "PGlite",
  value,
  ok,
});

describe("report", () => {
  it("renders one Markdown row per figure, in area order, pipes escaped", () => {
    const table = renderTable([fig("secrets"), fig("load", false, "a | b")]);
    const rows = table.split("\n");
    expect(rows[0]).toBe("| area | check | backend | figure | ok |");
    expect(rows[2]).toBe("| load | load check | PGlite | a \\| b | **NO** |");
    expect(rows[3]).toBe("| secrets | secrets check | PGlite | 1 | yes |");
  });

  it("fails on a figure that is not ok, a missing area, or no figures at all", () => {
    expect(verdict([fig("load"), fig("faults")], ["load", "faults"]).ok).toBe(true);
    expect(verdict([fig("load"), fig("faults", false)], ["load"]).failed).toHaveLength(1);
    expect(verdict([fig("load")], ["load", "faults"])).toMatchObject({
      ok: false,
      missing: ["faults"],
    });
    expect(verdict([], []).ok).toBe(false);
  });

  it("expects the browser area only when the browser suites exist", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "report-"));
    try {
      fs.mkdirSync(path.join(root, "e2e"));
      expect(expectedAreas(root)).not.toContain("content");
      fs.writeFileSync(path.join(root, "e2e", "hardening-xss.spec.ts"), "");
      expect(expectedAreas(root)).toContain("content");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
