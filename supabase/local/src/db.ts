// The one module that talks to Postgres. Two drivers behind one interface:
// PGlite (embedded, one connection, so transactions are serialised through a queue) and
// node-postgres (a pool against a real server, selected with DATABASE_URL).
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  /** Applied with set_config(name, value, true) before `work` runs. */
  settings?: Record<string, string>;
  /** Role for the transaction (SET LOCAL ROLE). */
  role?: string;
  readOnly?: boolean;
}

export interface Db extends Queryable {
  readonly driver: "pglite" | "postgres";
  transaction<T>(
    options: TransactionOptions,
    work: (transaction: Queryable) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** PGlite data directory; ignored when `inMemory` or `databaseUrl` is set. */
  dataDir?: string;
  inMemory?: boolean;
  poolSize?: number;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function settingsSql(options: TransactionOptions): { sql: string; params: string[] } | null {
  const entries = Object.entries(options.settings ?? {});
  if (options.role) entries.push(["role", options.role]);
  if (entries.length === 0) return null;
  const params: string[] = [];
  const parts = entries.map(([name, value]) => {
    params.push(name, value);
    return `set_config($${params.length - 1}, $${params.length}, true)`;
  });
  return { sql: `select ${parts.join(", ")}`, params };
}

async function runTransaction<T>(
  connection: Queryable,
  options: TransactionOptions,
  work: (transaction: Queryable) => Promise<T>,
): Promise<T> {
  await connection.query(options.readOnly ? "begin read only" : "begin");
  try {
    const settings = settingsSql(options);
    if (settings) await connection.query(settings.sql, settings.params);
    const result = await work(connection);
    await connection.query("commit");
    return result;
  } catch (error) {
    try {
      await connection.query("rollback");
    } catch {
      // the connection is already out of the transaction
    }
    throw error;
  }
}

class PgliteDb implements Db {
  readonly driver = "pglite" as const;
  private queue: Promise<unknown> = Promise.resolve();
  private connection: Queryable;

  constructor(private readonly pglite: PGlite) {
    this.connection = {
      query: async <T>(sql: string, params?: unknown[]) => {
        const result = await pglite.query<T>(sql, params ?? []);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
      exec: async (sql: string) => {
        await pglite.exec(sql);
      },
    };
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const run = this.queue.then(job, job);
    this.queue = run.catch(() => undefined);
    return run;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.enqueue(() => this.connection.query<T>(sql, params));
  }

  exec(sql: string): Promise<void> {
    return this.enqueue(() => this.connection.exec(sql));
  }

  transaction<T>(
    options: TransactionOptions,
    work: (transaction: Queryable) => Promise<T>,
  ): Promise<T> {
    return this.enqueue(() => runTransaction(this.connection, options, work));
  }

  async close(): Promise<void> {
    await this.queue;
    await this.pglite.close();
  }
}

class PostgresDb implements Db {
  readonly driver = "postgres" as const;
  constructor(private readonly pool: pg.Pool) {}

  private static wrap(client: pg.PoolClient | pg.Pool): Queryable {
    return {
      query: async <T>(sql: string, params?: unknown[]) => {
        const result = await client.query(sql, params as unknown[] | undefined);
        return { rows: result.rows as T[], rowCount: result.rowCount ?? result.rows.length };
      },
      exec: async (sql: string) => {
        await client.query(sql);
      },
    };
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return PostgresDb.wrap(this.pool).query<T>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return PostgresDb.wrap(this.pool).exec(sql);
  }

  async transaction<T>(
    options: TransactionOptions,
    work: (transaction: Queryable) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      return await runTransaction(PostgresDb.wrap(client), options, work);
    } catch (error) {
      broken = !(error && typeof error === "object" && "code" in error);
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
    });
    pool.on("error", () => undefined);
    const db = new PostgresDb(pool);
    await db.query("select 1");
    return db;
  }
  let pglite: PGlite;
  if (options.inMemory || !options.dataDir) {
    pglite = await freshInMemory();
  } else {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const release = lockDataDir(options.dataDir);
    try {
      pglite = new PGlite(options.dataDir);
      await pglite.waitReady;
    } catch (error) {
      release();
      throw error;
    }
    const db = new PgliteDb(pglite);
    const close = db.close.bind(db);
    db.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
    return db;
  }
  await pglite.waitReady;
  return new PgliteDb(pglite);
}

/**
 * PGlite is one process's database: two processes on one data directory corrupt it.
 * A lock file next to the directory holds the owner's pid; a stale lock is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${path.resolve(dataDir)}.lock`;
  try {
    const pid = Number(fs.readFileSync(file, "utf8").trim());
    if (pid && pid !== process.pid) {
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch (error) {
        alive = (error as NodeJS.ErrnoException).code === "EPERM";
      }
      if (alive) {
        throw new Error(
          `The PGlite data directory ${dataDir} is in use by process ${pid} (another local stack?). ` +
            `Stop that process first; two processes on one PGlite directory would corrupt it.`,
        );
      }
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.writeFileSync(file, String(process.pid));
  const release = () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid))
        fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
  process.once("exit", release);
  return release;
}

// A fresh in-memory PGlite runs initdb (seconds on a busy machine). Its pristine data
// directory is kept once as a tarball in the temp folder and loaded by later instances.
const TEMPLATE = path.join(os.tmpdir(), `appgrove-pglite-template-${pgliteVersion()}.tar`);

function pgliteVersion(): string {
  try {
    // The package.json is a few folders above the resolved entry point.
    let directory = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    for (let level = 0; level < 5; level++, directory = path.dirname(directory)) {
      const file = path.join(directory, "package.json");
      if (fs.existsSync(file)) {
        const manifest = JSON.parse(fs.readFileSync(file, "utf8")) as {
          name?: string;
          version?: string;
        };
        if (manifest.name === "@electric-sql/pglite") return manifest.version ?? "unknown";
      }
    }
  } catch {
    // fall through
  }
  return "unknown";
}

async function freshInMemory(): Promise<PGlite> {
  if (fs.existsSync(TEMPLATE)) {
    try {
      const data = new Blob([fs.readFileSync(TEMPLATE)]);
      const pglite = new PGlite({ loadDataDir: data });
      await pglite.waitReady;
      return pglite;
    } catch {
      // a damaged template: fall back to initdb and rewrite it
    }
  }
  const pglite = new PGlite();
  await pglite.waitReady;
  try {
    const dump = await pglite.dumpDataDir("none");
    const partialFile = `${TEMPLATE}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(partialFile, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partialFile, TEMPLATE);
  } catch {
    // the template is only an optimisation
  }
  return pglite;
}
