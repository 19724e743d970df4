// The functions' npm packages: supabase/functions/deno.json names each one as
// npm:<name>@<version>, which hosted Supabase's deploy fetches from the registry, and the version
// is package-lock.json's, the one npm ci installs; locally Deno resolves them from that
// node_modules (--node-modules-dir=manual) and downloads nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FUNCTIONS_DIR } from "../src/config.ts";
import { startTestStack, type TestStack } from "./helpers.ts";

const ROOT = path.resolve(DEFAULT_FUNCTIONS_DIR, "..", "..");
const importMap = JSON.parse(
  fs.readFileSync(path.join(DEFAULT_FUNCTIONS_DIR, "deno.json"), "utf8"),
) as { imports: Record<string, string> };
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

/** Each npm: target of the import map as [name, version]. */
const npmImports = Object.values(importMap.imports).flatMap((target) => {
  const match = /^npm:\/?(@?[^@/]+(?:\/[^@/]+)?)@([^/]+)\/?$/.exec(target);
  return match ? [[match[1]!, match[2]!] as const] : [];
});

describe("the functions' npm packages", () => {
  it("are the versions package-lock.json installs", () => {
    expect(npmImports.map(([name]) => name)).toEqual(
      expect.arrayContaining(["@react-email/components", "react", "sanitize-html", "svix"]),
    );
    for (const [name, version] of npmImports) {
      expect(version, name).toBe(lock.packages[`node_modules/${name}`]?.version);
    }
  });
});

describe("functions with npm packages under the stack", () => {
  let stack: TestStack;
  let denoDir: string;
  const savedDenoDir = process.env.DENO_DIR;

  beforeAll(async () => {
    // An empty Deno cache: whatever the functions import must come from node_modules.
    denoDir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-deno-dir-"));
    process.env.DENO_DIR = denoDir;
    stack = await startTestStack({ functionsDir: DEFAULT_FUNCTIONS_DIR });
  });

  afterAll(async () => {
    await stack?.close();
    if (savedDenoDir === undefined) delete process.env.DENO_DIR;
    else process.env.DENO_DIR = savedDenoDir;
    fs.rmSync(denoDir, { recursive: true, force: true });
  });

  it("start from node_modules with an empty Deno cache, downloading nothing", async () => {
    // React Email and sanitize-html load with send-newsletter, svix with resend-events.
    const preflight = await fetch(`${stack.url}/functions/v1/send-newsletter`, {
      method: "OPTIONS",
    });
    expect(preflight.status).toBe(204);
    const unsigned = await fetch(`${stack.url}/functions/v1/resend-events`, {
      method: "POST",
      body: JSON.stringify({ type: "email.bounced", data: { to: ["x@example.com"] } }),
    });
    expect(unsigned.status).toBe(400);
    // Deno makes its npm folder, and leaves it empty: nothing came from a registry.
    const cached = fs.readdirSync(denoDir, { recursive: true }).map(String);
    expect(cached.filter((entry) => /^(npm|remote)\//.test(entry))).toEqual([]);
  });
});
