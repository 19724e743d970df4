// The local site and production's apart: the stack's site URL (Auth's links, the functions'
// SITE_URL, the local build hook) is SITE_URL or a config.toml site_url on this machine, never
// config.toml's production address, and a host's real build hook never reaches a function.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { functionEnv, productionSettingsLeftOut } from "../src/function-env.ts";
import { isOnThisMachine, localSite } from "../src/local-site.ts";
import { FIXTURE_CONFIG, startTestStack, type TestStack } from "./helpers.ts";

const PRODUCTION = "https://www.agency.example";
const NETLIFY_HOOK = "https://api.netlify.com/build_hooks/abc123";

const saved = {
  SITE_URL: process.env.SITE_URL,
  SITE_DEPLOY_HOOK_URL: process.env.SITE_DEPLOY_HOOK_URL,
};
const temporaryDirectories: string[] = [];

afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const directory of temporaryDirectories.splice(0)) {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

function temporaryDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "local-site-"));
  temporaryDirectories.push(directory);
  return directory;
}

/** The fixture config.toml with another [auth] site_url. */
function configWithSiteUrl(siteUrl: string): string {
  const file = path.join(temporaryDirectory(), "config.toml");
  const text = fs.readFileSync(FIXTURE_CONFIG, "utf8");
  fs.writeFileSync(file, text.replace(/^site_url = .*$/m, `site_url = "${siteUrl}"`));
  return file;
}

const envOf = (functionsDir: string, siteUrl = "http://127.0.0.1:5200") =>
  functionEnv({
    functionsDir,
    hosted: {},
    localResend: { url: "http://127.0.0.1:1/__local/resend/emails", apiKey: "re_local_x" },
    siteUrl,
  });

describe("localSite", () => {
  it("knows an address on this machine", () => {
    for (const address of [
      "http://127.0.0.1:5173",
      "http://localhost:5173/",
      "http://app.localhost",
      "http://[::1]:5173",
    ]) {
      expect(isOnThisMachine(address), address).toBe(true);
    }
    for (const address of [PRODUCTION, "http://192.168.1.2:5173", "127.0.0.1:5173", ""]) {
      expect(isOnThisMachine(address), address).toBe(false);
    }
  });

  it("takes SITE_URL first (npm run dev's site, the browser tests' preview)", () => {
    expect(localSite({ given: "http://127.0.0.1:5200/", configured: PRODUCTION })).toEqual({
      url: "http://127.0.0.1:5200",
      source: "SITE_URL",
      notes: [],
    });
  });

  it("takes config.toml's site_url while it names this machine", () => {
    expect(localSite({ given: "", configured: "http://127.0.0.1:5173" })).toEqual({
      url: "http://127.0.0.1:5173",
      source: "[auth] site_url",
      notes: [],
    });
  });

  it("leaves config.toml's production site_url to supabase config push, and says so", () => {
    const site = localSite({ given: undefined, configured: PRODUCTION });
    expect(site.url).toBe("http://127.0.0.1:5173");
    expect(site.source).toBe("default");
    expect(site.notes).toEqual([
      `[auth] site_url of config.toml (${PRODUCTION}) is production's address (supabase config push sends it): the local stack uses http://127.0.0.1:5173 instead`,
    ]);
  });

  it("names a SITE_URL that is not a URL and goes on without it", () => {
    const site = localSite({ given: "127.0.0.1:5200", configured: "http://127.0.0.1:5173" });
    expect(site.url).toBe("http://127.0.0.1:5173");
    expect(site.notes).toEqual([
      "SITE_URL (127.0.0.1:5200) is not a URL: the local stack ignores it",
    ]);
  });
});

describe("the functions' SITE_URL and build hook", () => {
  it("point at the local site and its /__build-hook by default", () => {
    delete process.env.SITE_DEPLOY_HOOK_URL;
    const env = envOf(temporaryDirectory());
    expect(env.SITE_URL).toBe("http://127.0.0.1:5200");
    expect(env.SITE_DEPLOY_HOOK_URL).toBe("http://127.0.0.1:5200/__build-hook");
  });

  it("never take a host's real build hook, from the environment or supabase/functions/.env", () => {
    const functionsDir = temporaryDirectory();
    process.env.SITE_DEPLOY_HOOK_URL = NETLIFY_HOOK;
    expect(envOf(functionsDir).SITE_DEPLOY_HOOK_URL).toBe("http://127.0.0.1:5200/__build-hook");
    expect(productionSettingsLeftOut(functionsDir, "http://127.0.0.1:5200")).toEqual([
      "SITE_DEPLOY_HOOK_URL from the environment is not on this machine: local functions call http://127.0.0.1:5200/__build-hook instead",
    ]);
    delete process.env.SITE_DEPLOY_HOOK_URL;
    fs.writeFileSync(
      path.join(functionsDir, ".env"),
      `SITE_URL=${PRODUCTION}\nSITE_DEPLOY_HOOK_URL='${NETLIFY_HOOK}'\n`,
    );
    const env = envOf(functionsDir);
    expect(env.SITE_URL).toBe("http://127.0.0.1:5200");
    expect(env.SITE_DEPLOY_HOOK_URL).toBe("http://127.0.0.1:5200/__build-hook");
    expect(productionSettingsLeftOut(functionsDir, "http://127.0.0.1:5200")).toEqual([
      "SITE_DEPLOY_HOOK_URL from supabase/functions/.env is not on this machine: local functions call http://127.0.0.1:5200/__build-hook instead",
      `SITE_URL in supabase/functions/.env (${PRODUCTION}) is left out: local functions get the local site, http://127.0.0.1:5200`,
    ]);
  });

  it("keep a build hook on this machine (a test's stand-in for the host)", () => {
    const functionsDir = temporaryDirectory();
    process.env.SITE_DEPLOY_HOOK_URL = "http://127.0.0.1:4999/hook";
    expect(envOf(functionsDir).SITE_DEPLOY_HOOK_URL).toBe("http://127.0.0.1:4999/hook");
    expect(productionSettingsLeftOut(functionsDir, "http://127.0.0.1:5200")).toEqual([]);
  });
});

describe("a stack whose config.toml names the production site", () => {
  let stack: TestStack | undefined;

  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it("serves the local site to Auth and the functions, and says why once", async () => {
    delete process.env.SITE_URL;
    process.env.SITE_DEPLOY_HOOK_URL = NETLIFY_HOOK;
    const lines: string[] = [];
    stack = await startTestStack({
      configFile: configWithSiteUrl(PRODUCTION),
      log: (line) => lines.push(line),
    });
    expect(stack.siteUrl).toBe("http://127.0.0.1:5173");
    expect(lines.filter((line) => line.includes(PRODUCTION))).toHaveLength(1);
    expect(lines.filter((line) => line.includes(NETLIFY_HOOK.split("/")[2]!))).toHaveLength(0);
    expect(lines.some((line) => line.startsWith("SITE_DEPLOY_HOOK_URL from the environment"))).toBe(
      true,
    );
    const { data, error } = await stack.publishable.functions.invoke("open", { body: {} });
    expect(error).toBeNull();
    expect(data.siteUrl).toBe("http://127.0.0.1:5173");
  });

  it("takes SITE_URL from its environment, as npm run dev and the browser tests give it", async () => {
    process.env.SITE_URL = "http://127.0.0.1:5200";
    stack = await startTestStack({ configFile: configWithSiteUrl(PRODUCTION) });
    expect(stack.siteUrl).toBe("http://127.0.0.1:5200");
    const { data, error } = await stack.publishable.functions.invoke("open", { body: {} });
    expect(error).toBeNull();
    expect(data.siteUrl).toBe("http://127.0.0.1:5200");
  });
});
