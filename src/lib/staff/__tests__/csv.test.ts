import { describe, expect, it } from "vitest";
import { csvBlob, csvCell, leadsToCsv, toCsv } from "../csv";

type Lead = Parameters<typeof leadsToCsv>[0][number];

/** A lead as the inbox reads it: the exported columns and others the export leaves out. */
function lead(overrides: Partial<Lead> = {}): Lead {
  const row = {
    id: "1",
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: null,
    company: "Analytical, Ltd",
    website: null,
    budget: null,
    message: null,
    source: "contact",
    language: "en",
    status: "new",
    created_at: "2026-01-02T03:04:05.000Z",
    notification: "emailed",
    search_text: "ada lovelace ada@example.com analytical, ltd",
    ...overrides,
  };
  return row;
}

const triggers = ["=", "+", "-", "@", "\t", "\r"];
const separators = [",", ";", "\t", "\n", "\r", "\r\n"];

describe("csvCell", () => {
  it("quotes every value, empty ones too", () => {
    expect(csvCell("hello")).toBe('"hello"');
    expect(csvCell(42)).toBe('"42"');
    expect(csvCell(true)).toBe('"true"');
    expect(csvCell("")).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it("doubles inner quotes and keeps separators and line breaks inside the quotes", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("a,b;c\td")).toBe('"a,b;c\td"');
    expect(csvCell("line 1\nline 2\r\nline 3")).toBe('"line 1\nline 2\r\nline 3"');
  });

  it.each(triggers)("guards a value starting with %j", (trigger) => {
    expect(csvCell(`${trigger}1+1`)).toBe(`"'${trigger}1+1"`);
    expect(csvCell(`  ${trigger}1+1`)).toBe(`"  '${trigger}1+1"`);
  });

  describe.each(separators)("after %j inside the value", (separator) => {
    it.each(triggers)("guards %j, behind spaces or quotes too", (trigger) => {
      expect(csvCell(`a${separator}${trigger}1`)).toBe(`"a${separator}'${trigger}1"`);
      expect(csvCell(`a${separator}   ${trigger}1`)).toBe(`"a${separator}   '${trigger}1"`);
      expect(csvCell(`a${separator}"${trigger}1"`)).toBe(`"a${separator}""'${trigger}1"""`);
    });
  });

  it("guards every cell start of a value at once", () => {
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell("Jean Dupont;=1+1;")).toBe(`"Jean Dupont;'=1+1;"`);
    expect(csvCell("\t\t=1")).toBe(`"'\t'\t'=1"`);
    expect(csvCell("@a\n+b\r\n-c, =d")).toBe(`"'@a\n'+b\r\n'-c, '=d"`);
  });

  it("leaves triggers inside words and unicode text as written", () => {
    for (const value of [
      "a=b",
      "Jean-Pierre d'Arc",
      "1 - 2 + 3 = 2",
      "ada@example.com",
      "Crème brûlée à l'été",
      "日本語 🎉 עברית",
    ]) {
      expect(csvCell(value)).toBe(`"${value}"`);
    }
  });
});

describe("toCsv", () => {
  it("quotes every cell, joins rows with CRLF and ends with one", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "2"],
          ["x,y", null],
          ["-1", "é\r\nà"],
        ],
      ),
    ).toBe('"a","b"\r\n"1","2"\r\n"x,y",""\r\n"\'-1","é\r\nà"\r\n');
  });
});

describe("leadsToCsv", () => {
  it("writes a header and one row per lead with every field", () => {
    const csv = leadsToCsv([lead({ message: "Hi,\nthere", phone: "+1 555" })]);
    const [header, ...rest] = csv.split("\r\n");
    expect(header).toBe(
      '"Created at","Name","Email","Phone","Company","Website","Budget","Message","Source","Language","Status"',
    );
    expect(rest.join("\r\n")).toBe(
      `"2026-01-02T03:04:05.000Z","Ada Lovelace","ada@example.com","'+1 555","Analytical, Ltd","","","Hi,\nthere","contact","en","new"\r\n`,
    );
  });
});

describe("csvBlob", () => {
  it("starts with a UTF-8 byte order mark", async () => {
    const blob = csvBlob("é\r\n");
    const buffer = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blob);
    });
    const bytes = new Uint8Array(buffer);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    expect(blob.type).toBe("text/csv;charset=utf-8");
  });
});
