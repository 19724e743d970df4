// The objects' bytes on disk: one file per object version, named by the version (a UUID the
// stack makes), so no object name or bucket id ever becomes part of a file path. The database
// row says which version is current; a replaced or deleted version's file is removed once the
// row no longer names it.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const VERSION = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class ObjectFiles {
  private constructor(
    readonly directory: string,
    /** Removed with the stack (a temporary directory). */
    private readonly temporary: boolean,
  ) {}

  /** Files kept in `directory` across restarts. */
  static onDisk(directory: string): ObjectFiles {
    fs.mkdirSync(directory, { recursive: true });
    return new ObjectFiles(directory, false);
  }

  /** Files in a fresh temporary directory, removed by close(). */
  static temporary(): ObjectFiles {
    return new ObjectFiles(fs.mkdtempSync(path.join(os.tmpdir(), "appgrove-storage-")), true);
  }

  static newVersion(): string {
    return crypto.randomUUID();
  }

  private file(version: string): string {
    if (!VERSION.test(version)) throw new Error(`not an object version: ${version}`);
    return path.join(this.directory, version);
  }

  async write(version: string, bytes: Uint8Array): Promise<void> {
    await fs.promises.writeFile(this.file(version), bytes, { flag: "wx" });
  }

  /** The version's bytes, or null when its file is gone. */
  async read(version: string): Promise<Buffer | null> {
    try {
      return await fs.promises.readFile(this.file(version));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(version: string): Promise<void> {
    await fs.promises.rm(this.file(version), { force: true });
  }

  async close(): Promise<void> {
    if (this.temporary) await fs.promises.rm(this.directory, { recursive: true, force: true });
  }
}
