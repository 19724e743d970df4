// One function's Deno process: `deno run` of deno/bootstrap.ts, which imports the function's own
// index.ts, with narrow permissions (network, env, reading the functions directory and the
// project's node_modules; no prompt). The npm: packages of the import map resolve from that
// node_modules (`--node-modules-dir=manual`, what npm ci installed), so nothing is downloaded.
// Deno.serve listens where DENO_SERVE_ADDRESS says, a free loopback port; the process is ready
// once that port accepts a connection. Its stdin is a pipe from the stack, so it exits with the
// stack however the stack ends (see the bootstrap).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import type { Agent } from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { DENO_BOOTSTRAP } from "./config.ts";
import { proxyToFunction } from "./function-proxy.ts";

const STARTUP_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 2_000;
const STDERR_TAIL_LINES = 20;
/** Starting again on another port, when another process took the chosen one first. */
const PORT_ATTEMPTS = 3;

let denoPath: string | null = null;

/** The binary of the deno npm package (a devDependency), never one from PATH. */
export function denoExecutable(): string {
  if (!denoPath) {
    const installer = createRequire(import.meta.url)("deno/install_api.cjs") as {
      runInstall(): string;
    };
    denoPath = installer.runInstall();
  }
  return denoPath;
}

export interface DenoProcessOptions {
  name: string;
  /** The function's index.ts. */
  entry: string;
  /** What it may read: the functions directory and what its import map points at (shared/). */
  readable: string[];
  /** The function's import map (functions.ts): a deno.json(c) or an import map file, or null. */
  importMap: string | null;
  env: Record<string, string>;
  /** Each line the function prints. */
  onOutput: (line: string, stream: "stdout" | "stderr") => void;
}

/** The function's process exited, or never listened. */
export class FunctionBootError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
  }
}

/**
 * The node_modules folder the function's npm: packages resolve from: the nearest one above its
 * entry, as Node looks for packages (the project's own, for the project's functions).
 */
function nodeModulesOf(entry: string): string | null {
  for (let directory = path.dirname(entry); ; directory = path.dirname(directory)) {
    const candidate = path.join(directory, "node_modules");
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(directory) === directory) return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export class DenoProcess {
  readonly startedAt = performance.now();
  readonly exited: Promise<void>;
  private readonly child: ChildProcess;
  private readonly stderrTail: string[] = [];
  private exitReason: string | null = null;
  private inFlight = 0;
  private retired = false;

  private constructor(
    private readonly options: DenoProcessOptions,
    readonly port: number,
  ) {
    this.child = spawn(denoExecutable(), this.arguments(), {
      cwd: path.dirname(options.entry),
      env: {
        ...options.env,
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        DENO_NO_UPDATE_CHECK: "1",
        // Plain text for the stack's log and for the stderr tail of a boot error.
        NO_COLOR: "1",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.child.stdin!.on("error", () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error) => {
        this.exitReason ??= `could not be started: ${error.message}`;
        resolve();
      });
      // "close", not "exit": by then stderr is read to its end, for the boot error's tail.
      this.child.once("close", (code, signal) => {
        this.exitReason ??= signal ? `was killed by ${signal}` : `exited with code ${code}`;
        resolve();
      });
    });
    this.readLines("stdout");
    this.readLines("stderr");
  }

  /** Starts the function and resolves once it listens; `signal` gives up (the stack closes). */
  static async start(options: DenoProcessOptions, signal: AbortSignal): Promise<DenoProcess> {
    try {
      denoExecutable();
    } catch (error) {
      const reason = `Deno is missing (npm install brings it): ${(error as Error).message}`;
      throw new FunctionBootError(`${options.name} cannot start. ${reason}`, "");
    }
    for (let attempt = 1; ; attempt++) {
      const candidate = new DenoProcess(options, await freePort());
      try {
        await candidate.waitUntilListening(signal);
        return candidate;
      } catch (error) {
        await candidate.stop();
        const portTaken = /AddrInUse|address already in use/i.test(candidate.stderr());
        if (!portTaken || attempt === PORT_ATTEMPTS || signal.aborted) throw error;
      }
    }
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get isRunning(): boolean {
    return this.exitReason === null;
  }

  /** The last lines the process wrote to stderr. */
  stderr(): string {
    return this.stderrTail.join("\n");
  }

  /** Proxies one request; the process stays up (if retired) until the answer is sent. */
  async serve(request: Request, requestPath: string, agent: Agent): Promise<Response> {
    this.inFlight++;
    let finished: Promise<void> = Promise.resolve();
    try {
      const proxied = await proxyToFunction(request, { port: this.port, path: requestPath, agent });
      finished = proxied.finished;
      return proxied.response;
    } finally {
      void finished.then(() => {
        this.inFlight--;
        if (this.retired && this.inFlight === 0) void this.stop();
      });
    }
  }

  /** Replaced by a newer process: stops once its requests are answered. */
  retire(): void {
    this.retired = true;
    if (this.inFlight === 0) void this.stop();
  }

  async stop(): Promise<void> {
    if (!this.isRunning) return this.exited;
    this.child.stdin!.end();
    this.child.kill("SIGTERM");
    const fallback = setTimeout(() => this.child.kill("SIGKILL"), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(fallback);
  }

  private arguments(): string[] {
    const { importMap, entry, readable } = this.options;
    // A deno.json(c) is Deno's configuration, with its import map; any other file is an import map.
    const isDenoConfig = importMap !== null && /^deno\.jsonc?$/.test(path.basename(importMap));
    const nodeModules = nodeModulesOf(entry);
    return [
      "run",
      "--allow-net",
      "--allow-env",
      `--allow-read=${[...readable, ...(nodeModules ? [nodeModules] : [])].join(",")}`,
      "--no-prompt",
      // npm: specifiers from the project's node_modules, as npm installed them: no download.
      "--node-modules-dir=manual",
      ...(importMap === null
        ? ["--no-config"]
        : isDenoConfig
          ? ["--config", importMap]
          : ["--no-config", "--import-map", importMap]),
      DENO_BOOTSTRAP,
      pathToFileURL(entry).href,
    ];
  }

  private readLines(stream: "stdout" | "stderr") {
    const lines = readline.createInterface({ input: this.child[stream]! });
    lines.on("line", (line) => {
      if (stream === "stderr") {
        this.stderrTail.push(line);
        if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
        // Deno.serve's own start-up line: the stack logs its own.
        if (line.startsWith("Listening on ")) return;
      }
      this.options.onOutput(line, stream);
    });
  }

  private async waitUntilListening(signal: AbortSignal): Promise<void> {
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (Date.now() < deadline && !signal.aborted) {
      if (!this.isRunning) break;
      if (await accepts(this.port)) return;
      await pause(15);
    }
    const reason = signal.aborted
      ? "was stopped: the stack is closing"
      : (this.exitReason ?? `did not listen within ${STARTUP_TIMEOUT_MS / 1000} s`);
    throw new FunctionBootError(`${this.options.name} ${reason}`, this.stderr());
  }
}
