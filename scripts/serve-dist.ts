// Serves dist/ the way a good static host does: clean URLs (/about -> about/index.html),
// brotli or gzip compression, the headers of dist/_headers (security policy, long-lived
// caching for hashed assets), and the SPA shell for paths that are not prerendered.
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

function resolve(pathname: string): string {
  const base = path.join(dist, path.normalize(decodeURIComponent(pathname)));
  if (!base.startsWith(dist)) return path.join(dist, "spa.html");
  const candidates = [base, `${base}.html`, path.join(base, "index.html")];
  return candidates.find(isFile) ?? path.join(dist, "spa.html");
}

/** The `_headers` file the build writes for static hosts: path patterns and their headers. */
function readHostHeaders(): { pattern: RegExp; headers: Record<string, string> }[] {
  const file = path.join(dist, "_headers");
  if (!isFile(file)) return [];
  const rules: { pattern: RegExp; headers: Record<string, string> }[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/^\S/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/\*/g, ".*");
      rules.push({ pattern: new RegExp(`^${source}$`), headers: {} });
    } else if (line.trim() && rules.length) {
      const [name = "", ...value] = line.trim().split(":");
      rules[rules.length - 1]!.headers[name] = value.join(":").trim();
    }
  }
  return rules;
}
const hostHeaders = readHostHeaders();

const compressed = new Map<string, Buffer>();

function encode(file: string, body: Buffer, encoding: "br" | "gzip"): Buffer {
  const key = `${encoding}:${file}`;
  let out = compressed.get(key);
  if (!out) {
    out =
      encoding === "br"
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(body, { level: 9 });
    compressed.set(key, out);
  }
  return out;
}

createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  const file = resolve(pathname);
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
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : body);
}).listen(port, host, () => console.log(`dist/ served at http://${host}:${port}`));
