// The static host's build, as netlify.toml declares it: its command, run with the variables
// docs/hosting.md tells the adopter to set, against the rehearsal's stand-in project (a stack
// with keys of its own under a name of this machine, which the production build accepts), and
// what it publishes: no source maps, the host's rules and the 404 pages.
import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../supabase/local/src/config.ts";
import { rehearseProductionBuild } from "../lib/local-build.ts";

interface NetlifyConfig {
  build?: { command?: string; publish?: string; environment?: Record<string, string> };
}

const netlify = parse(
  fs.readFileSync(path.join(REPO_ROOT, "netlify.toml"), "utf8"),
) as NetlifyConfig;
const hosting = fs.readFileSync(path.join(REPO_ROOT, "docs", "hosting.md"), "utf8");

/** The variables of the table in docs/hosting.md's Netlify part (up to its next heading). */
function documentedVariables(): string[] {
  const start = hosting.indexOf("## Netlify");
  const section = hosting.slice(start, hosting.indexOf("\n## ", start + 1));
  return [...section.matchAll(/^\| `([A-Z_]+)`/gm)].map((row) => row[1]!).sort();
}

// What the adopter types into the host's settings. The rehearsal supplies the project's three
// (its URL, its publishable key, an address on this machine's name); NODE_VERSION is the host's
// business (this machine's Node runs the build).
const hostVariables: Record<string, string> = {
  VITE_CONTACT_EMAIL: "hello@agency.example",
  VITE_CALENDAR_URL: "https://calendar.agency.example/free-consultation",
  VITE_LINKEDIN_URL: "https://www.linkedin.com/company/agency-example",
  VITE_GA_MEASUREMENT_ID: "G-TEST123456",
  VITE_META_PIXEL_ID: "123456789012345",
};
const suppliedByRehearsal = ["VITE_SITE_URL", "VITE_SUPABASE_PUBLISHABLE_KEY", "VITE_SUPABASE_URL"];

const distDir = path.join("node_modules", ".tmp", `host-build-${process.pid}`);
const dist = path.join(REPO_ROOT, distDir);

afterAll(() => {
  for (const folder of [dist, `${dist}-ssr`]) fs.rmSync(folder, { recursive: true, force: true });
});

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("netlify.toml", () => {
  it("builds with npm run build into dist on Node 24", () => {
    expect(netlify.build?.command).toBe("npm run build");
    expect(netlify.build?.publish).toBe("dist");
    expect(netlify.build?.environment?.NODE_VERSION).toBe("24");
  });

  it("and docs/hosting.md names exactly the variables this test gives the build", () => {
    expect(documentedVariables()).toEqual(
      [...Object.keys(hostVariables), ...suppliedByRehearsal, "NODE_VERSION"].sort(),
    );
  });
});

describe("the host's build against a stand-in project", () => {
  // The whole production build (settings, type check, bundle, prerender): ~1 minute here alone,
  // several on a busy 2-core machine.
  it("succeeds and publishes no source map, the host's rules and the 404 pages", async () => {
    const { supabaseUrl, siteUrl } = await rehearseProductionBuild({
      command: netlify.build!.command!,
      distDir,
      env: hostVariables,
    });
    expect(new URL(supabaseUrl).hostname).toBe(new URL(siteUrl).hostname);

    const files = filesUnder(dist);
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    const mapped = files.filter(
      (file) =>
        /\.(js|mjs|css|html)$/.test(file) &&
        fs.readFileSync(file, "utf8").includes("sourceMappingURL"),
    );
    expect(mapped, "files pointing at a source map").toEqual([]);

    for (const file of ["_headers", "_redirects", "404.html", "fr/404.html", "index.html"]) {
      expect(fs.existsSync(path.join(dist, file)), `${file} in the published folder`).toBe(true);
    }
    const redirects = fs.readFileSync(path.join(dist, "_redirects"), "utf8");
    // Each staff page its shell; the first matching rule wins, so exact paths come first.
    const rules = redirects.split("\n");
    const staffRules = [
      "/admin  /spa-admin.html  200",
      "/admin/reset-password  /spa-reset-password.html  200",
      "/admin/welcome  /spa-welcome.html  200",
      "/blog-editor/*  /spa-blog-editor.html  200",
      "/admin/*  /spa-admin.html  200",
    ];
    for (const rule of staffRules) expect(rules).toContain(rule);
    expect(rules.indexOf("/admin/welcome  /spa-welcome.html  200")).toBeLessThan(
      rules.indexOf("/admin/*  /spa-admin.html  200"),
    );
    expect(redirects).toContain("/fr/*  /fr/404.html  404");
    expect(redirects).toContain("/*  /404.html  404");
    // A shell preloads its page's chunk (the editor's, its Tiptap too), each file once.
    const editorShell = fs.readFileSync(path.join(dist, "spa-blog-editor.html"), "utf8");
    const preloaded = [
      ...editorShell.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+)">/g),
    ].map((link) => link[1]!);
    expect(preloaded.some((file) => file.startsWith("assets/staff-page-blog-editor-"))).toBe(true);
    expect(preloaded.some((file) => file.startsWith("assets/rich-text-editor-"))).toBe(true);
    expect(new Set(preloaded).size).toBe(preloaded.length);
    for (const file of preloaded) expect(fs.existsSync(path.join(dist, file)), file).toBe(true);
    const headers = fs.readFileSync(path.join(dist, "_headers"), "utf8");
    expect(headers).toContain(`connect-src 'self' ${new URL(supabaseUrl).origin}`);
    // The build read the stand-in project: its address, not the local stack's, is in the pages.
    expect(fs.readFileSync(path.join(dist, "index.html"), "utf8")).toContain(siteUrl);
    // Nothing of the build in progress is left beside it.
    expect(fs.existsSync(`${dist}.building`)).toBe(false);
  }, 600_000);
});
