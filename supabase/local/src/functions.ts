// /functions/v1/<name>: every function runs under real Deno, as on hosted Supabase, so what
// only Deno would reject (imports, types at run time, permissions, Deno.serve) fails here too.
// One process per function, started on its first call and reused; a newer one replaces it when
// a file under the functions directory or the function's environment changes (hot reload).
// All of them stop with the stack.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { LOCAL_RESEND_KEY_PREFIX } from "./config.ts";
import { DenoProcess, FunctionBootError } from "./deno-process.ts";
import { functionEnv } from "./function-env.ts";

export interface FunctionRunnerOptions {
  functionsDir: string;
  /** The stack's base URL; known only once the server listens, hence a function. */
  stackUrl: () => string;
  /** The variables hosted Supabase sets (hostedFunctionEnv). */
  hostedEnv: () => Record<string, string>;
  /** The local site (local-site.ts): the functions' SITE_URL and the base of their build hook. */
  siteUrl: string;
  log: (line: string) => void;
}

interface FunctionInstance {
  /** What the process was started from: the functions' files and the environment. */
  fingerprint: string;
  started: Promise<DenoProcess>;
  /** The process exited, or never started: the next call starts another. */
  ended: boolean;
}

/** The newest modification under a directory (entries included, so removals count too). */
function newestChange(directory: string): number {
  let newest = 0;
  try {
    newest = fs.statSync(directory).mtimeMs;
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || ["__tests__", "node_modules"].includes(entry.name))
        continue;
      const fullPath = path.join(directory, entry.name);
      const changed = entry.isDirectory() ? newestChange(fullPath) : fs.statSync(fullPath).mtimeMs;
      newest = Math.max(newest, changed);
    }
  } catch {
    // Removed while being read: the next call sees the new state.
  }
  return newest;
}

/** What a process was started from: the newest change of the functions, and the env. */
function fingerprintOf(functionsDir: string, env: Record<string, string>): string {
  const envDigest = crypto.createHash("sha256").update(JSON.stringify(env)).digest("base64");
  return `${newestChange(functionsDir)}:${envDigest}`;
}

const notFound = () =>
  Response.json(
    { code: "NOT_FOUND", message: "Requested function was not found" },
    { status: 404 },
  );

export class FunctionRunner {
  private readonly instances = new Map<string, FunctionInstance>();
  private readonly live = new Set<DenoProcess>();
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly shutdown = new AbortController();

  constructor(private readonly options: FunctionRunnerOptions) {}

  /** The function's Deno entry, supabase/functions/<name>/index.ts, or null. */
  entryFile(name: string): string | null {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return null;
    const entry = path.join(this.options.functionsDir, name, "index.ts");
    return fs.existsSync(entry) ? entry : null;
  }

  /** The function a local Resend key was given to (see function-env.ts), if any. */
  resendSender(apiKey: string): string | null {
    if (!apiKey.startsWith(LOCAL_RESEND_KEY_PREFIX)) return null;
    const name = apiKey.slice(LOCAL_RESEND_KEY_PREFIX.length);
    return this.entryFile(name) ? name : null;
  }

  /** Answers `request`, whose path below /functions/v1 is `functionPath` (/<name>/...?...). */
  async run(name: string, request: Request, functionPath: string): Promise<Response> {
    const entry = this.entryFile(name);
    if (!entry) return notFound();
    let functionProcess: DenoProcess;
    try {
      functionProcess = await this.ready(name, entry);
    } catch (error) {
      if (!(error instanceof FunctionBootError)) throw error;
      return Response.json(
        { code: "BOOT_ERROR", message: error.message, stderr: error.stderr },
        { status: 502 },
      );
    }
    try {
      return await functionProcess.serve(request, functionPath, this.agent);
    } catch (error) {
      return Response.json(
        {
          code: "BAD_GATEWAY",
          message: `${name} did not answer: ${(error as Error).message}`,
          stderr: functionProcess.stderr(),
        },
        { status: 502 },
      );
    }
  }

  async close(): Promise<void> {
    this.shutdown.abort();
    const starting = [...this.instances.values()].map((instance) =>
      instance.started.then(
        (functionProcess) => functionProcess.stop(),
        () => undefined,
      ),
    );
    await Promise.all([
      ...starting,
      ...[...this.live].map((functionProcess) => functionProcess.stop()),
    ]);
    this.agent.destroy();
  }

  /** The running process for this function, started (or replaced) when needed. */
  private ready(name: string, entry: string): Promise<DenoProcess> {
    if (this.shutdown.signal.aborted) {
      return Promise.reject(
        new FunctionBootError(`${name} was not started: the stack is closing`, ""),
      );
    }
    const env = this.env(name);
    const fingerprint = fingerprintOf(this.options.functionsDir, env);
    const current = this.instances.get(name);
    if (current && !current.ended && current.fingerprint === fingerprint) return current.started;

    const instance: FunctionInstance = {
      fingerprint,
      started: this.start(name, entry, env),
      ended: false,
    };
    this.instances.set(name, instance);
    instance.started.then(
      (functionProcess) => functionProcess.exited.then(() => (instance.ended = true)),
      () => (instance.ended = true),
    );
    current?.started.then(
      (functionProcess) => functionProcess.retire(),
      () => undefined,
    );
    return instance.started;
  }

  private async start(name: string, entry: string, env: Record<string, string>) {
    const functionProcess = await DenoProcess.start(
      {
        name,
        entry,
        functionsDir: this.options.functionsDir,
        configFile: this.configFile(name),
        env,
        onOutput: (line, stream) =>
          (stream === "stderr" ? console.error : console.log)(`[functions] ${name}: ${line}`),
      },
      this.shutdown.signal,
    );
    this.live.add(functionProcess);
    void functionProcess.exited.then(() => this.live.delete(functionProcess));
    const milliseconds = (performance.now() - functionProcess.startedAt).toFixed(0);
    this.options.log(
      `functions: ${name} runs under Deno (pid ${functionProcess.pid}, port ${functionProcess.port}, ready in ${milliseconds} ms)`,
    );
    return functionProcess;
  }

  /** The function's own deno.json, else the functions directory's, as the Supabase CLI has it. */
  private configFile(name: string): string | null {
    const { functionsDir } = this.options;
    const candidates = [path.join(functionsDir, name), functionsDir].flatMap((directory) => [
      path.join(directory, "deno.json"),
      path.join(directory, "deno.jsonc"),
    ]);
    return candidates.find((file) => fs.existsSync(file)) ?? null;
  }

  private env(name: string): Record<string, string> {
    return functionEnv({
      functionsDir: this.options.functionsDir,
      hosted: this.options.hostedEnv(),
      localResend: {
        url: `${this.options.stackUrl()}/__local/resend/emails`,
        apiKey: `${LOCAL_RESEND_KEY_PREFIX}${name}`,
      },
      siteUrl: this.options.siteUrl,
    });
  }
}
