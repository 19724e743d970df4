// Scans a built site (default dist, or DIST_DIR, or the first argument) for secrets that must
// never reach a browser: the local service-role key and JWT secret, the staff password (default
// and SEED_ADMIN_PASSWORD), a RESEND_API_KEY from the environment, any JWT whose payload names
// the service_role, any Supabase secret key (sb_secret_…), and anything shaped like a Resend
// API key. Source maps (*.map, with their
// sourcesContent) and precompressed copies (*.gz, *.br) are scanned too.
// Records its figures (area "secrets", backend "dist") and exits 1 on a finding.
//   tsx scripts/hardening/scan-secrets.ts [dir]
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import {
  DEFAULT_ADMIN_PASSWORD,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from "../../supabase/local/src/config.ts";
import { recordFigures, type Figure } from "./figures.ts";

export interface Secret {
  /** What it is, for the report; never the value itself. */
  label: string;
  value: string;
}

export interface Finding {
  file: string;
  what: string;
  /** Where in the (decompressed) text. */
  offset: number;
}

export interface ScanResult {
  files: number;
  sourceMaps: number;
  findings: Finding[];
}

const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot|mp4|webm|pdf)$/i;
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
// Resend keys: "re_" then a short id, "_", and the secret part (re_AbC12345_XyZ...).
const RESEND_KEY = /(?<![A-Za-z0-9_$])re_[A-Za-z0-9]{6,}_[A-Za-z0-9]{12,}(?![A-Za-z0-9_])/g;
// Supabase secret keys, whichever project they belong to: "sb_secret_" then the key.
const SUPABASE_SECRET_KEY = /(?<![A-Za-z0-9_$])sb_secret_[A-Za-z0-9_-]{8,}/g;

/** The secrets known by value: the local ones, and those in this process's environment. */
export function knownSecrets(env: NodeJS.ProcessEnv = process.env): Secret[] {
  const secrets: Secret[] = [
    { label: "local service-role key", value: LOCAL_SERVICE_ROLE_KEY },
    { label: "local JWT secret", value: LOCAL_JWT_SECRET },
    { label: "default staff password", value: DEFAULT_ADMIN_PASSWORD },
  ];
  const fromEnv: [string, string][] = [
    ["SEED_ADMIN_PASSWORD", "staff password (SEED_ADMIN_PASSWORD)"],
    ["RESEND_API_KEY", "RESEND_API_KEY"],
    ["SUPABASE_SERVICE_ROLE_KEY", "SUPABASE_SERVICE_ROLE_KEY"],
    ["SUPABASE_SECRET_KEY", "SUPABASE_SECRET_KEY"],
    ["SUPABASE_JWT_SECRET", "SUPABASE_JWT_SECRET"],
  ];
  for (const [name, label] of fromEnv) {
    const value = env[name]?.trim();
    // Very short values would match by accident and are no secret worth the name.
    if (value && value.length >= 8 && !secrets.some((s) => s.value === value))
      secrets.push({ label, value });
  }
  return secrets;
}

function jwtRole(token: string): unknown {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
    return payload && typeof payload === "object" ? (payload as { role?: unknown }).role : null;
  } catch {
    return null;
  }
}

/** Looks for secrets in one text (a file's content). */
export function scanText(text: string, file: string, secrets: Secret[]): Finding[] {
  const findings: Finding[] = [];
  for (const secret of secrets) {
    // As written, and as it appears inside a JSON string (source maps' sourcesContent).
    const forms = new Set([secret.value, JSON.stringify(secret.value).slice(1, -1)]);
    for (const form of forms) {
      const at = text.indexOf(form);
      if (at >= 0) {
        findings.push({ file, what: secret.label, offset: at });
        break;
      }
    }
  }
  for (const m of text.matchAll(JWT)) {
    if (jwtRole(m[0]) === "service_role")
      findings.push({ file, what: "a JWT with role service_role", offset: m.index });
  }
  for (const m of text.matchAll(RESEND_KEY))
    findings.push({ file, what: "a Resend-style API key (re_…)", offset: m.index });
  for (const m of text.matchAll(SUPABASE_SECRET_KEY))
    findings.push({ file, what: "a Supabase secret key (sb_secret_…)", offset: m.index });
  return findings;
}

function readText(file: string): string {
  const data = fs.readFileSync(file);
  try {
    if (file.endsWith(".gz")) return zlib.gunzipSync(data).toString("utf8");
    if (file.endsWith(".br")) return zlib.brotliDecompressSync(data).toString("utf8");
  } catch {
    return data.toString("utf8");
  }
  return data.toString("utf8");
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.isFile() ? [full] : [];
  });
}

/** Scans every file under `dir` (images and fonts aside). */
export function scanDir(dir: string, secrets: Secret[] = knownSecrets()): ScanResult {
  const result: ScanResult = { files: 0, sourceMaps: 0, findings: [] };
  for (const file of walk(dir)) {
    if (BINARY.test(file)) continue;
    const text = readText(file);
    result.files++;
    if (/\.map(\.(gz|br))?$/.test(file)) result.sourceMaps++;
    result.findings.push(...scanText(text, path.relative(dir, file), secrets));
  }
  return result;
}

/** The report's lines for one scan. */
export function scanFigures(dir: string, result: ScanResult, secrets: Secret[]): Figure[] {
  const by = (what: string) => result.findings.filter((f) => f.what === what);
  const figure = (check: string, found: Finding[]): Figure => ({
    area: "secrets",
    check,
    backend: "dist",
    value: found.length
      ? `${found.length} found: ${[...new Set(found.map((f) => f.file))].join(", ")}`
      : "0 found",
    ok: result.files > 0 && found.length === 0,
  });
  return [
    {
      area: "secrets",
      check: "files scanned",
      backend: "dist",
      value: `${result.files} files in ${dir}, ${result.sourceMaps} of them source maps`,
      ok: result.files > 0,
    },
    ...secrets.map((s) => figure(s.label, by(s.label))),
    figure("JWTs with role service_role", by("a JWT with role service_role")),
    figure("Resend-style API keys (re_…)", by("a Resend-style API key (re_…)")),
    figure("Supabase secret keys (sb_secret_…)", by("a Supabase secret key (sb_secret_…)")),
  ];
}

function main() {
  const dir = path.resolve(process.argv[2] ?? process.env.DIST_DIR ?? "dist");
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    console.error(`scan-secrets: ${dir} is not a directory (build the site first)`);
    recordFigures("secrets", "dist", [
      {
        area: "secrets",
        check: "files scanned",
        backend: "dist",
        value: `${dir} does not exist`,
        ok: false,
      },
    ]);
    process.exit(1);
  }
  const secrets = knownSecrets();
  const result = scanDir(dir, secrets);
  recordFigures(
    "secrets",
    "dist",
    scanFigures(path.relative(process.cwd(), dir) || dir, result, secrets),
  );
  for (const f of result.findings) console.error(`secret: ${f.what} in ${f.file} at ${f.offset}`);
  console.log(
    `scan-secrets: ${result.files} files (${result.sourceMaps} source maps) in ${dir}, ${result.findings.length} findings`,
  );
  process.exit(result.findings.length === 0 && result.files > 0 ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  main();
