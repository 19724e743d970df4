// The secrets scan's detection logic, on a fake dist folder.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import {
  DEFAULT_ADMIN_PASSWORD,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from "../../../supabase/local/src/config.ts";
import { signJwt } from "../../../supabase/local/src/jwt.ts";
import { knownSecrets, scanDir, scanFigures, scanText } from "../scan-secrets.ts";

const dirs: string[] = [];
function dist(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scan-secrets-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const secrets = knownSecrets({});
const whats = (text: string, extra = secrets) => scanText(text, "f.js", extra).map((f) => f.what);

describe("scanText", () => {
  it("finds the local service-role key, JWT secret and default staff password", () => {
    expect(whats(`const k="${LOCAL_SERVICE_ROLE_KEY}"`)).toContain("local service-role key");
    expect(whats(`secret:"${LOCAL_JWT_SECRET}"`)).toEqual(["local JWT secret"]);
    expect(whats(`password: "${DEFAULT_ADMIN_PASSWORD}"`)).toEqual(["default staff password"]);
  });

  it("finds any JWT whose payload says service_role, whatever signed it", () => {
    const other = signJwt(
      { role: "service_role", iss: "supabase" },
      "some-other-projects-secret!!",
    );
    expect(whats(`fetch(u,{headers:{apikey:"${other}"}})`)).toEqual([
      "a JWT with role service_role",
    ]);
  });

  it("leaves the public anon key and ordinary code alone", () => {
    expect(whats(`const anon="${LOCAL_ANON_KEY}";function re_render(){}var are_x=1;`)).toEqual([]);
    expect(whats("const re_ = 1; const store_re_123 = 2; a.re_tryLater_now()")).toEqual([]);
  });

  it("finds any Supabase secret key, and leaves the publishable key alone", () => {
    expect(whats('headers:{apikey:"sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz"}')).toEqual([
      "a Supabase secret key (sb_secret_…)",
    ]);
    expect(whats('const key="sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH"')).toEqual([]);
  });

  it("finds Resend-style keys", () => {
    expect(whats('Authorization:"Bearer re_AbC12345_9fKq2LmN0pQrStUvWxYz12"')).toEqual([
      "a Resend-style API key (re_…)",
    ]);
  });

  it("finds secrets from the environment, also JSON-escaped as a bundler inlines them", () => {
    const password = 'my "staff" pass\\word';
    const env = knownSecrets({
      SEED_ADMIN_PASSWORD: password,
      RESEND_API_KEY: "resend-key-without-the-usual-prefix",
      SHORT: "x",
    });
    expect(env.map((s) => s.label)).toEqual([
      "local service-role key",
      "local JWT secret",
      "default staff password",
      "staff password (SEED_ADMIN_PASSWORD)",
      "RESEND_API_KEY",
    ]);
    // Vite replaces import.meta.env.X with JSON.stringify(value).
    const bundled = `const p=${JSON.stringify(password)};`;
    expect(bundled).not.toContain(password);
    expect(whats(bundled, env)).toEqual(["staff password (SEED_ADMIN_PASSWORD)"]);
    expect(whats("key=resend-key-without-the-usual-prefix", env)).toEqual(["RESEND_API_KEY"]);
  });

  it("ignores short environment values that would match by chance", () => {
    expect(knownSecrets({ RESEND_API_KEY: "abc" }).map((s) => s.label)).not.toContain(
      "RESEND_API_KEY",
    );
  });
});

describe("scanDir", () => {
  it("scans source maps and precompressed files, and skips images", () => {
    const dir = dist({
      "index.html": "<script src=/assets/app.js></script>",
      "assets/app.js": `const anon="${LOCAL_ANON_KEY}"`,
      "assets/app.js.map": JSON.stringify({ sourcesContent: [`const s="${LOCAL_JWT_SECRET}"`] }),
      "assets/chunk.js.br": zlib.brotliCompressSync(Buffer.from(`k="${LOCAL_SERVICE_ROLE_KEY}"`)),
      "assets/logo.png": Buffer.from(LOCAL_JWT_SECRET),
    });
    const result = scanDir(dir, secrets);
    expect(result.files).toBe(4);
    expect(result.sourceMaps).toBe(1);
    expect(result.findings.map((f) => `${f.file}: ${f.what}`).sort()).toEqual([
      "assets/app.js.map: local JWT secret",
      "assets/chunk.js.br: a JWT with role service_role",
      "assets/chunk.js.br: local service-role key",
    ]);
    const figures = scanFigures("dist", result, secrets);
    expect(figures.every((f) => f.area === "secrets" && f.backend === "dist")).toBe(true);
    expect(figures.filter((f) => !f.ok).map((f) => f.check)).toEqual([
      "local service-role key",
      "local JWT secret",
      "JWTs with role service_role",
    ]);
  });

  it("passes a clean build and fails an empty one", () => {
    const clean = scanDir(dist({ "index.html": "<h1>Hi</h1>", "a.js.map": "{}" }), secrets);
    expect(clean.findings).toEqual([]);
    expect(scanFigures("dist", clean, secrets).every((f) => f.ok)).toBe(true);
    const empty = scanDir(dist({}), secrets);
    expect(scanFigures("dist", empty, secrets).every((f) => f.ok)).toBe(false);
  });
});
