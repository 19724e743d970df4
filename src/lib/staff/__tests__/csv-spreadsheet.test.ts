import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { leadsToCsv } from "../csv";
import { hostileLeads } from "./hostile-leads";

const formulaTrigger = /^[=+\-@\t\r]/;
const insertedGuard = /(?<=(?:^|[,;\t\r\n])[ "]*)'(?=[=+\-@\t\r])/g;

/** Cells as a spreadsheet import splits them: a quote inside a field is kept as written. */
function cells(csv: string, delimiter: string): string[] {
  const records: string[][] = parse(csv, {
    delimiter,
    quote: '"',
    relax_quotes: true,
    relax_column_count: true,
  });
  return records.flat();
}

const csv = leadsToCsv(hostileLeads);

describe("a hostile leads export opened in a spreadsheet", () => {
  it.each([
    ["comma", ","],
    ["semicolon", ";"],
    ["tab", "\t"],
  ])("starts no cell with a formula split on %s", (_name, delimiter) => {
    // A line break may start a row of its own, and an import may trim spaces and quotes.
    const starts = cells(csv, delimiter)
      .flatMap((cell) => cell.split(/\r\n|\n|\r/))
      .map((line) => line.replace(/^[ "]+/, ""));
    expect(starts.filter((start) => formulaTrigger.test(start))).toEqual([]);
  });

  it("gives back every value as written, guards aside, split on commas", () => {
    const records: string[][] = parse(csv, { delimiter: ",", quote: '"', relax_quotes: true });
    const rows = records.slice(1);
    const written = hostileLeads.map((lead) =>
      [
        lead.created_at,
        lead.name,
        lead.email,
        lead.phone,
        lead.company,
        lead.website,
        lead.budget,
        lead.message,
        lead.source,
        lead.language,
        lead.status,
      ].map((value) => value ?? ""),
    );
    expect(rows.map((row) => row.map((cell) => cell.replace(insertedGuard, "")))).toEqual(written);
    expect(rows[0]![1]).toBe("Jean Dupont;'=1+1;");
    expect(rows[0]![4]).toBe(`Dupont SA;'=HYPERLINK("http://evil.example","x")`);
  });
});
