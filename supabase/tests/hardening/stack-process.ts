// The stack as its own process (supabase/local/src/main.ts, as `npm run stack` runs it), on a
// PGlite data directory or a PostgreSQL database that outlive it, for the suites that SIGKILL
// it mid-run and start it again. tsx is loaded in that same process (`node --import tsx`): the
// `tsx` command would put the server in a child process that a SIGKILL of its parent leaves
// running.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "../../local/src/config.ts";

const MAIN = path.join(REPO_ROOT, "supabase/local/src/main.ts");
const MAX_START_MS = 120_000;

export interface StackProcessOptions {
  port: number;
  /** Where the PGlite data directory lives (unused with a databaseUrl). */
  workDir: string;
  databaseUrl?: string;
  /** Settings for this stack and its functions, over the test's environment. */
  env: NodeJS.ProcessEnv;
}

export class StackProcess {
  readonly url: string;
  /** Every line the current process wrote, stdout and stderr. */
  logs: string[] = [];
  private child: ChildProcess | null = null;

  constructor(private readonly options: StackProcessOptions) {
    this.url = `http://127.0.0.1:${options.port}`;
  }

  /** Starts main.ts and resolves once /__local/health answers; returns how long that took. */
  async start(): Promise<number> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUPABASE_LOCAL_PORT: String(this.options.port),
      SUPABASE_LOCAL_HOST: "127.0.0.1",
      SUPABASE_LOCAL_DATA_DIR: path.join(this.options.workDir, "pglite"),
      SUPABASE_LOCAL_IN_MEMORY: "",
      ...this.options.env,
    };
    // The outbox, never Resend, whatever the developer's shell holds.
    delete env.RESEND_API_KEY;
    if (this.options.databaseUrl) env.DATABASE_URL = this.options.databaseUrl;
    else delete env.DATABASE_URL;

    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
      cwd: REPO_ROOT,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.logs = [];
    const collect = (chunk: Buffer) =>
      this.logs.push(...chunk.toString().split("\n").filter(Boolean));
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    let exited: number | null | undefined;
    child.once("exit", (code) => (exited = code));

    while (performance.now() - started < MAX_START_MS) {
      if (exited !== undefined) {
        throw new Error(`the stack exited with ${exited} while starting:\n${this.logs.join("\n")}`);
      }
      try {
        const res = await fetch(`${this.url}/__local/health`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the stack did not become healthy:\n${this.logs.join("\n")}`);
  }

  stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  }
}
