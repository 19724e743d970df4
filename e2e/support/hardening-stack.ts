import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../../scripts/lib/node-supabase-client";
import type { Database } from "../../shared/database.types";
import { secretKey } from "./stack";

const repoRoot = path.resolve(import.meta.dirname, "../..");

/**
 * A throw-away local stack (`npm run stack`'s entry point, run by Node directly so a SIGKILL
 * reaches the server itself), keeping its PGlite database in `dataDir` so data survives a
 * crash and a restart on the same port.
 */
export class ThrowawayStack {
  readonly url: string;
  private child: ChildProcess | undefined;
  private log: string[] = [];
  private client: SupabaseClient<Database> | undefined;

  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts the stack and resolves once its health check answers; returns the time it took. */
  async start(timeoutMs = 90_000): Promise<number> {
    const started = Date.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUPABASE_LOCAL_PORT: String(this.port),
      SUPABASE_LOCAL_DATA_DIR: this.dataDir,
      SUPABASE_LOCAL_IN_MEMORY: "0",
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ["--import", "tsx", "supabase/local/src/main.ts"], {
      cwd: repoRoot,
      env,
      // Its own process group, so that killing it never touches anything else.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.log.push(chunk.toString());
      if (this.log.length > 50) this.log.shift();
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    while (Date.now() - started < timeoutMs) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the throw-away stack exited:\n${this.log.join("")}`);
      try {
        const response = await fetch(`${this.url}/__local/health`);
        if (response.ok) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the throw-away stack did not become healthy:\n${this.log.join("")}`);
  }

  /** Kills the server outright (no shutdown hooks), and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGKILL");
    await exited;
  }

  /** Its data, read with the service role. */
  service(): SupabaseClient<Database> {
    this.client ??= createNodeClient<Database>(this.url, secretKey);
    return this.client;
  }
}
