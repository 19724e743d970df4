import { describe, expect, it } from "vitest";
import type { Tables } from "@/types/database";
import { csvBlob, csvCell, leadsToCsv, toCsv } from "../lib/csv";

function lead(overrides: Partial<Tables<"leads">> = {}): Tables<"leads"> {
  return {
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
    notified_at: null,
    notification: "emailed",
    repeat_of: null,
    search_text: "ada lovelace ada@example.com analytical, ltd",
    ...overrides,
  };
}

describe("csvCell", () => {
  it("leaves plain text alone and writes nothing for empty values", () => {
    expect(csvCell("hello")).toBe("hello");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(42)).toBe("42");
  });

  it("quotes separators, quotes and line breaks", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("line 1\nline 2")).toBe('"line 1\nline 2"');
    expect(csvCell("line 1\r\nline 2")).toBe('"line 1\r\nline 2"');
  });

  it.each(["=SUM(A1:A2)", "+33 1 23", "-1", "@cmd", "\tx", "\rx"])(
    "guards %j against formula injection",
    (value) => {
      const cell = csvCell(value);
      expect(cell.replace(/^"/, "").startsWith("'")).toBe(true);
    },
  );

  it("guards and quotes at once", () => {
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it("does not touch characters after the first", () => {
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell("Crème brûlée")).toBe("Crème brûlée");
  });
});

describe("toCsv", () => {
  it("joins rows with CRLF and ends with one", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["1", "2"],
          ["x,y", null],
        ],
      ),
    ).toBe('a,b\r\n1,2\r\n"x,y",\r\n');
  });
});

describe("leadsToCsv", () => {
  it("writes a header and one row per lead with every field", () => {
    const csv = leadsToCsv([lead({ message: "Hi,\nthere", phone: "+1 555" })]);
    const [header, ...rest] = csv.split("\r\n");
    expect(header).toBe(
      "Created at,Name,Email,Phone,Company,Website,Budget,Message,Source,Language,Status",
    );
    expect(rest.join("\r\n")).toBe(
      `2026-01-02T03:04:05.000Z,Ada Lovelace,ada@example.com,'+1 555,"Analytical, Ltd",,,"Hi,\nthere",contact,en,new\r\n`,
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
