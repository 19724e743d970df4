import type { Tables } from "@/types/database";

type Cell = string | number | boolean | null | undefined;

// OWASP's CSV injection guard for whichever separator a spreadsheet splits on (`,`, `;` or
// tab): a formula trigger that could start a cell (at the start, or after a separator or line
// break, behind spaces or quotes an import may trim) gets an apostrophe in front. Staff see that
// apostrophe in such values; everything else reads exactly as the visitor wrote it.
const cellStartTrigger = /(?<=(?:^|[,;\t\r\n])[ "]*)[=+\-@\t\r]/g;

/** One CSV field: formula-guarded and always quoted, inner quotes doubled. */
export function csvCell(value: Cell): string {
  const text = value === null || value === undefined ? "" : String(value);
  return `"${text.replace(cellStartTrigger, "'$&").replaceAll('"', '""')}"`;
}

/** RFC 4180 text (CRLF line ends) for a header and rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** `{what}-{yyyy-mm-dd}.csv`: the export's subject and the day it was made. */
export function csvFileName(what: string, now = new Date()): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}

/** Rows as CSV under their columns' labels, each column read from one key of the row. */
function rowsToCsv<Row>(
  columns: readonly (readonly [string, keyof Row])[],
  rows: readonly Row[],
): string {
  return toCsv(
    columns.map(([label]) => label),
    rows.map((row) => columns.map(([, key]) => row[key] as Cell)),
  );
}

const leadColumns = [
  ["Created at", "created_at"],
  ["Name", "name"],
  ["Email", "email"],
  ["Phone", "phone"],
  ["Company", "company"],
  ["Website", "website"],
  ["Budget", "budget"],
  ["Message", "message"],
  ["Source", "source"],
  ["Language", "language"],
  ["Status", "status"],
] as const satisfies readonly (readonly [string, keyof Tables<"leads">])[];

type Lead = Pick<Tables<"leads">, (typeof leadColumns)[number][1]>;

export function leadsToCsv(leads: readonly Lead[]): string {
  return rowsToCsv(leadColumns, leads);
}

type Subscriber = Pick<Tables<"newsletter_subscribers">, "email" | "language" | "confirmed_at">;

const subscriberColumns = [
  ["Email", "email"],
  ["Language", "language"],
  ["Confirmed at", "confirmed_at"],
] as const satisfies readonly (readonly [string, keyof Subscriber])[];

export function subscribersToCsv(subscribers: readonly Subscriber[]): string {
  return rowsToCsv(subscriberColumns, subscribers);
}

/** A UTF-8 file with a byte order mark, so Excel reads accents correctly. */
export function csvBlob(csv: string): Blob {
  return new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
}

/** Saves a blob through a temporary link (the browser's download). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
