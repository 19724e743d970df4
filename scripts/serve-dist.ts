// Serves dist/ the way a good static host does: clean URLs (/about -> about/index.html),
// brotli or gzip compression, the headers of dist/_headers (security policy, long-lived
// caching for hashed assets) and the rules of dist/_redirects for paths with no file (the SPA
// shell for staff pages, the 404 page with status 404 for everything else).
//
// POST /__build-hook is the local stand-in for a static host's build hook, which the
// refresh-site function calls: it answers at once and runs an incremental prerender
// (scripts/prerender.ts --refresh) into the served dist/, one at a time.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "..", process.env.DIST_DIR ?? "dist");
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "127.0.0.1";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
};
const compressible = new Set([".html", ".js", ".css", ".json", ".map", ".xml", ".txt", ".svg"]);

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** A host's path pattern (`/assets/*`) as a regular expression for the whole path. */
const pathPattern = (source: string) =>
  new RegExp(`^${source.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);

/** The file for a path, as a host with clean URLs finds it; null when there is none. */
function fileFor(pathname: string): string | null {
  const base = path.join(dist, path.normalize(decodeURIComponent(pathname)));
  if (!base.startsWith(dist)) return null;
  return [base, `${base}.html`, path.join(base, "index.html")].find(isFile) ?? null;
}

interface Redirect {
  pattern: RegExp;
  to: string;
  status: number;
}

/** The `_redirects` rules (`/from/*  /to  status`), read again when the file changes. */
let redirects: { mtimeMs: number; rules: Redirect[] } = { mtimeMs: -1, rules: [] };
function readRedirects(): Redirect[] {
  const file = path.join(dist, "_redirects");
  const mtimeMs = isFile(file) ? statSync(file).mtimeMs : 0;
  if (mtimeMs === redirects.mtimeMs) return redirects.rules;
  const rules = (mtimeMs ? readFileSync(file, "utf8") : "")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([from, to]) => from && to && !from.startsWith("#"))
    .map(([from = "", to = "", status = "301"]) => ({
      pattern: pathPattern(from),
      to,
      status: Number(status),
    }));
  redirects = { mtimeMs, rules };
  return rules;
}

/** What answers a path: its file, else the first matching rule's file and status. */
function resolve(pathname: string): { file: string; status: number } | null {
  const file = fileFor(pathname);
  if (file) return { file, status: 200 };
  const rule = readRedirects().find(({ pattern }) => pattern.test(pathname));
  const target = rule && fileFor(rule.to);
  return target ? { file: target, status: rule.status } : null;
}

/** The `_headers` file the build writes for static hosts: path patterns and their headers. */
function readHostHeaders(): { pattern: RegExp; headers: Record<string, string> }[] {
  const file = path.join(dist, "_headers");
  if (!isFile(file)) return [];
  const rules: { pattern: RegExp; headers: Record<string, string> }[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/^\S/.test(line)) {
      rules.push({ pattern: pathPattern(line.trim()), headers: {} });
    } else if (line.trim() && rules.length) {
      const [name = "", ...value] = line.trim().split(":");
      rules[rules.length - 1]!.headers[name] = value.join(":").trim();
    }
  }
  return rules;
}
const hostHeaders = readHostHeaders();

/** Each file's compressed body, kept for the file's current version only. */
const compressed = new Map<string, { mtimeMs: number; body: Buffer }>();

/** Compressed once per file version: a refresh replaces files, and their mtime with them. */
function encode(file: string, body: Buffer, encoding: "br" | "gzip"): Buffer {
  const key = `${encoding}:${file}`;
  const { mtimeMs } = statSync(file);
  const cached = compressed.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const out =
    encoding === "br"
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(body, { level: 9 });
  compressed.set(key, { mtimeMs, body: out });
  return out;
}

let refreshing: Promise<void> | null = null;
let refreshAgain = false;

/** Runs the incremental prerender; a call during a run queues one more run after it. */
function refreshSite(): void {
  if (refreshing) {
    refreshAgain = true;
    return;
  }
  refreshing = new Promise<void>((resolve) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "scripts/prerender.ts", "--refresh"],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DIST_DIR: dist },
        stdio: "inherit",
      },
    );
    child.on("exit", (code) => {
      if (code !== 0) console.error(`the site refresh exited ${code}`);
      resolve();
    });
  }).then(() => {
    refreshing = null;
    if (refreshAgain) {
      refreshAgain = false;
      refreshSite();
    }
  });
}

createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  if (pathname === "/__build-hook") {
    if (req.method !== "POST") {
      res.writeHead(405, { Allow: "POST" }).end();
      return;
    }
    refreshSite();
    res.writeHead(202, { "Content-Type": "application/json" }).end('{"queued":true}');
    return;
  }
  const found = resolve(pathname);
  if (!found) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
    return;
  }
  const { file, status } = found;
  const ext = path.extname(file);
  let body: Buffer = await readFile(file);
  const headers: Record<string, string> = {
    "Content-Type": contentTypes[ext] ?? "application/octet-stream",
    Vary: "Accept-Encoding",
  };
  for (const rule of hostHeaders)
    if (rule.pattern.test(pathname)) Object.assign(headers, rule.headers);
  const accepted = String(req.headers["accept-encoding"] ?? "");
  if (compressible.has(ext)) {
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (encoding) {
      body = encode(file, body, encoding);
      headers["Content-Encoding"] = encoding;
    }
  }
  headers["Content-Length"] = String(body.length);
  res.writeHead(status, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}).listen(port, host, () => console.log(`dist/ served at http://${host}:${port}`));
