// /functions/v1/<name>: every function runs under real Deno, as on hosted Supabase, so what
// only Deno would reject (imports, types at run time, permissions, Deno.serve) fails here too.
// One process per function, started on its first call and reused; a newer one replaces it when
// a file under the functions directory or a folder its import map points at (shared/), or the
// function's environment, changes (hot reload). All of them stop with the stack.
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
  /** supabase/config.toml's [functions.<name>] import_map, absolute (project-config.ts). */
  importMaps?: Record<string, string>;
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

/**
 * The local files and folders an import map points at (`"@shared/": "../../shared/"`), resolved
 * against the map's folder as Deno resolves them; the map itself too.
 */
function importMapTargets(importMap: string): string[] {
  let imports: unknown;
  try {
    imports = (JSON.parse(fs.readFileSync(importMap, "utf8")) as { imports?: unknown }).imports;
  } catch {
    return [importMap];
  }
  const targets = Object.values(imports ?? {}).filter(
    (target): target is string => typeof target === "string" && /^\.\.?\//.test(target),
  );
  return [importMap, ...targets.map((target) => path.resolve(path.dirname(importMap), target))];
}

/** What a process was started from: the newest change of its files, and the env. */
function fingerprintOf(watched: string[], env: Record<string, string>): string {
  const envDigest = crypto.createHash("sha256").update(JSON.stringify(env)).digest("base64");
  return `${Math.max(...watched.map(newestChange))}:${envDigest}`;
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
    const importMap = this.importMap(name);
    // Deno reads a module the function imports only with a read permission for it (the entry
    // is imported dynamically, by the bootstrap): what the map points at is readable too.
    const files = [this.options.functionsDir, ...(importMap ? importMapTargets(importMap) : [])];
    const fingerprint = fingerprintOf(files, env);
    const current = this.instances.get(name);
    if (current && !current.ended && current.fingerprint === fingerprint) return current.started;

    const instance: FunctionInstance = {
      fingerprint,
      started: this.start(name, entry, env, importMap, files),
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

  private async start(
    name: string,
    entry: string,
    env: Record<string, string>,
    importMap: string | null,
    readable: string[],
  ) {
    const functionProcess = await DenoProcess.start(
      {
        name,
        entry,
        readable,
        importMap,
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

  /**
   * The function's import map, found as `supabase functions deploy` finds it (the Supabase CLI's
   * resolveConfigs; GetFunctionConfig in its Go version): [functions.<name>] import_map in
   * config.toml, else the function's own deno.json or deno.jsonc, else the functions directory's
   * import_map.json (the CLI's deprecated fallback). A deno.json beside the functions is not one
   * of them: deployed, a function would run without it.
   */
  private importMap(name: string): string | null {
    const { functionsDir, importMaps = {} } = this.options;
    const candidates = [
      importMaps[name],
      path.join(functionsDir, name, "deno.json"),
      path.join(functionsDir, name, "deno.jsonc"),
      path.join(functionsDir, "import_map.json"),
    ];
    return candidates.find((file) => file !== undefined && fs.existsSync(file)) ?? null;
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
