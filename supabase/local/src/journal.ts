// An append-only file of JSON lines: one line per record, written whole with one write and
// flushed to the disk before append() returns, so a record is never rewritten and a store of
// thousands of large records costs one line per change, not a copy of everything. A stack killed
// in the middle of a write leaves a torn last line (no newline after it): open() drops it and
// cuts the file back to the last whole line, so the next record starts on a line of its own.
import fs from "node:fs";
import path from "node:path";

const NEWLINE = 0x0a;

export class Journal<JournalRecord> {
  private closed = false;

  private constructor(private readonly descriptor: number) {}

  /** Opens (or creates) the journal and reads back every whole record in it, oldest first. */
  static open<JournalRecord>(file: string): {
    journal: Journal<JournalRecord>;
    records: JournalRecord[];
  } {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const descriptor = fs.openSync(file, "a+");
    const contents = fs.readFileSync(descriptor);
    const records: JournalRecord[] = [];
    let lineStart = 0;
    for (let newline = contents.indexOf(NEWLINE); newline !== -1;) {
      const line = contents.toString("utf8", lineStart, newline);
      // A line that does not parse is left out rather than stopping the stack: the records
      // after it are whole.
      try {
        if (line.trim()) records.push(JSON.parse(line) as JournalRecord);
      } catch {
        // Nothing to recover from a damaged line.
      }
      lineStart = newline + 1;
      newline = contents.indexOf(NEWLINE, lineStart);
    }
    if (lineStart < contents.length) fs.ftruncateSync(descriptor, lineStart);
    return { journal: new Journal<JournalRecord>(descriptor), records };
  }

  append(record: JournalRecord): void {
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
    // The file is opened for appending: every write lands at its end.
    for (let written = 0; written < bytes.length;) {
      written += fs.writeSync(this.descriptor, bytes, written);
    }
    fs.fdatasyncSync(this.descriptor);
  }

  /** Empties the journal. */
  truncate(): void {
    fs.ftruncateSync(this.descriptor, 0);
    fs.fdatasyncSync(this.descriptor);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    fs.closeSync(this.descriptor);
  }
}
