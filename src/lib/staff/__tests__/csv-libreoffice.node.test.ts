// @vitest-environment node
// The CSV export opened in a real LibreOffice Calc (scripts/ensure-libreoffice.mjs finds or
// installs it, or says how): in Node, which runs the program and reads its files.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvBlob, leadsToCsv } from "../csv";
import { hostileLeads } from "./hostile-leads";

// The import a staff member may choose, at its most trusting: formulas evaluated (the default),
// quoted fields not forced to text, spaces trimmed. Tokens: separator, quote, UTF-8, first line,
// column formats, language, quoted as text, special numbers, two export-only, trim, sheet,
// evaluate formulas.
const importOptions = (separator: string) =>
  `${separator.charCodeAt(0)},34,76,1,,,false,true,false,false,true,,true`;

const separators = [
  ["comma", ","],
  ["semicolon", ";"],
  ["tab", "\t"],
] as const;

// The same values quoted with no guard at all: proves each import below does run formulas.
const unguarded = [hostileLeads[0]!.name, hostileLeads[1]!.name, hostileLeads[1]!.message!]
  .map((value) => `"${value.replaceAll('"', '""')}"`)
  .join(",");

let soffice: string;
let directory: string;

beforeAll(() => {
  const script = path.resolve(import.meta.dirname, "../../../../scripts/ensure-libreoffice.mjs");
  const output = execFileSync(process.execPath, [script], { encoding: "utf8" });
  soffice = /^ensure-libreoffice: using (.+)$/m.exec(output)![1]!;
  directory = mkdtempSync(path.join(tmpdir(), "csv-libreoffice-"));
}, 600_000);

afterAll(() => {
  if (directory) rmSync(directory, { recursive: true, force: true });
});

/** Opens each CSV file in LibreOffice Calc and returns its flat OpenDocument text. */
async function openInCalc(separator: string, files: Record<string, string | Blob>) {
  const folder = mkdtempSync(path.join(directory, "run-"));
  const paths = await Promise.all(
    Object.entries(files).map(async ([name, content]) => {
      const file = path.join(folder, `${name}.csv`);
      const bytes =
        typeof content === "string" ? content : Buffer.from(await content.arrayBuffer());
      writeFileSync(file, bytes);
      return file;
    }),
  );
  execFileSync(
    soffice,
    [
      "--headless",
      "--norestore",
      `-env:UserInstallation=${pathToFileURL(path.join(directory, "profile")).href}`,
      `--infilter=CSV:${importOptions(separator)}`,
      "--convert-to",
      "fods",
      "--outdir",
      folder,
      ...paths,
    ],
    { stdio: "pipe" },
  );
  return Object.fromEntries(
    Object.keys(files).map((name) => [
      name,
      readFileSync(path.join(folder, `${name}.fods`), "utf8"),
    ]),
  );
}

describe("the leads export opened in LibreOffice Calc", () => {
  it.each(separators)(
    "holds no formula split on %s",
    async (_name, separator) => {
      const sheets = await openInCalc(separator, {
        unguarded,
        exported: csvBlob(leadsToCsv(hostileLeads)),
      });
      expect(sheets.unguarded).toContain("table:formula=");
      expect(sheets.exported).toContain("Dupont SA");
      expect(sheets.exported).not.toContain("table:formula=");
    },
    120_000,
  );
});
