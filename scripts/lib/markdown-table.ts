// The tables npm run size and npm run lighthouse print, in Markdown.
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(
    ["", line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"),
  );
}
