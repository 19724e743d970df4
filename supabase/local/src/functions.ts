// /functions/v1/<name>: runs supabase/functions/<name>/handler.ts in process with the same
// contract the Deno entry uses (../../functions/_shared/types.ts). E-mail goes to the outbox.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type {
  FunctionContext,
  FunctionHandler,
  OutgoingEmail,
} from "../../functions/_shared/types.ts";
import { LOCAL_FUNCTION_ENV } from "./config.ts";
import type { ApiKeyValues } from "./keys.ts";
import type { Jwks } from "./signing-keys.ts";

export interface OutboxEntry extends OutgoingEmail {
  id: number;
  function: string | null;
  sentAt: string;
}

export class Outbox {
  private items: OutboxEntry[] = [];
  private nextId = 1;

  constructor(private readonly file: string | null) {
    if (file && fs.existsSync(file)) {
      try {
        this.items = JSON.parse(fs.readFileSync(file, "utf8"));
        this.nextId = this.items.reduce((highest, item) => Math.max(highest, item.id), 0) + 1;
      } catch {
        this.items = [];
      }
    }
  }

  list(): OutboxEntry[] {
    return [...this.items];
  }

  add(mail: OutgoingEmail, functionName: string | null): OutboxEntry {
    const entry: OutboxEntry = {
      id: this.nextId++,
      function: functionName,
      sentAt: new Date().toISOString(),
      ...mail,
    };
    this.items.push(entry);
    this.persist();
    return entry;
  }

  clear(): void {
    this.items = [];
    this.persist();
  }

  private persist() {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify(this.items, null, 2));
  }
}

/** Reads a dotenv file: KEY=value lines, optional quotes, # comments. */
export function readDotenv(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const variables: Record<string, string> = {};
  for (const line of fs.readFileSync(file, "utf8").split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)?\s*$/.exec(line);
    if (!match) continue;
    let value = (match[2] ?? "").trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.indexOf(quote, 1) > 0) {
      value = value.slice(1, value.indexOf(quote, 1));
      if (quote === '"') value = value.replace(/\\n/g, "\n");
    } else value = value.replace(/\s+#.*$/, "");
    variables[match[1]!] = value;
  }
  return variables;
}

/** What hosted Supabase sets for every function, in its hosted form (key sets as JSON). */
export function hostedFunctionEnv(
  url: string,
  keys: ApiKeyValues,
  jwks: Jwks,
): Record<string, string> {
  return {
    SUPABASE_URL: url,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(jwks),
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
  };
}

export interface FunctionRunnerOptions {
  functionsDir: string;
  outbox: Outbox;
  /** Values that win over process.env and the .env file (the stack's URL and keys). */
  stackEnv: () => Record<string, string>;
}

export class FunctionRunner {
  private cache = new Map<string, { mtime: number; handler: FunctionHandler }>();
  constructor(private readonly options: FunctionRunnerOptions) {}

  handlerFile(name: string): string | null {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return null;
    const directory = path.join(this.options.functionsDir, name);
    for (const file of ["handler.ts", "handler.js", "handler.mjs"]) {
      const fullPath = path.join(directory, file);
      if (fs.existsSync(fullPath)) return fullPath;
    }
    return null;
  }

  private async load(name: string, file: string): Promise<FunctionHandler> {
    const mtime = fs.statSync(file).mtimeMs;
    const cached = this.cache.get(name);
    if (cached && cached.mtime === mtime) return cached.handler;
    const url = pathToFileURL(file).href + (cached ? `?v=${mtime}` : "");
    const handlerModule = (await import(url)) as {
      default?: FunctionHandler;
      handler?: FunctionHandler;
    };
    const handler = handlerModule.default ?? handlerModule.handler;
    if (typeof handler !== "function") throw new Error(`${file} has no default export handler`);
    this.cache.set(name, { mtime, handler });
    return handler;
  }

  env(): Record<string, string> {
    const fileEnv = readDotenv(path.join(this.options.functionsDir, ".env"));
    const merged: Record<string, string> = {};
    for (const [name, value] of Object.entries(process.env)) {
      if (value !== undefined) merged[name] = value;
    }
    return { ...LOCAL_FUNCTION_ENV, ...merged, ...fileEnv, ...this.options.stackEnv() };
  }

  async run(name: string, request: Request): Promise<Response> {
    const file = this.handlerFile(name);
    if (!file) {
      return Response.json(
        { code: "NOT_FOUND", message: "Requested function was not found" },
        { status: 404 },
      );
    }
    const handler = await this.load(name, file);
    const env = this.env();
    const context: FunctionContext = {
      env: { get: (variable) => env[variable] },
      fetch: globalThis.fetch.bind(globalThis),
      sendEmail: async (mail) => {
        this.options.outbox.add(mail, name);
      },
    };
    try {
      return await handler(request, context);
    } catch (error) {
      console.error(`[functions] ${name} threw:`, error);
      return Response.json(
        { error: "Internal Server Error", message: (error as Error).message },
        { status: 500 },
      );
    }
  }
}
