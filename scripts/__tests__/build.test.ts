// Builds that cannot go wrong silently: the production build refuses a missing or local
// configuration before anything else, and refuses to build a blog it cannot read, leaving the
// previous build in place.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  LOCAL_ANON_KEY,
  LOCAL_PUBLISHABLE_KEY,
  REPO_ROOT,
} from "../../supabase/local/src/config.ts";
import { productionBuildProblem } from "../lib/site-environment.ts";

const adopter = {
  VITE_SUPABASE_URL: "https://abcdefghijklmnop.supabase.co",
  VITE_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_adopter-key",
  VITE_SITE_URL: "https://www.agency.example",
};

function npm(args: string[], env: Record<string, string>) {
  return spawnSync("npm", args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 240_000,
  });
}

describe("productionBuildProblem", () => {
  it("accepts a hosted project and a public site address", () => {
    expect(productionBuildProblem(adopter)).toBeNull();
    expect(
      productionBuildProblem({
        ...adopter,
        VITE_SUPABASE_PUBLISHABLE_KEY: "",
        VITE_SUPABASE_ANON_KEY: "eyJ.legacy.anon",
      }),
    ).toBeNull();
  });

  it("names what is missing, local or malformed", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ VITE_SUPABASE_URL: "" }, /^VITE_SUPABASE_URL is not set/],
      [{ VITE_SUPABASE_URL: "http://127.0.0.1:54321" }, /VITE_SUPABASE_URL names this machine/],
      [{ VITE_SUPABASE_URL: "http://localhost:54321" }, /names this machine/],
      [{ VITE_SUPABASE_URL: "supabase.co" }, /VITE_SUPABASE_URL is not a URL/],
      [{ VITE_SUPABASE_PUBLISHABLE_KEY: " " }, /VITE_SUPABASE_PUBLISHABLE_KEY .* is not set/],
      [{ VITE_SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY }, /the local stack's/],
      [
        { VITE_SUPABASE_PUBLISHABLE_KEY: "", VITE_SUPABASE_ANON_KEY: LOCAL_ANON_KEY },
        /the local stack's/,
      ],
      [{ VITE_SITE_URL: "" }, /^VITE_SITE_URL is not set/],
      [{ VITE_SITE_URL: "http://[::1]:5173" }, /VITE_SITE_URL names this machine/],
    ];
    for (const [change, reason] of cases) {
      expect(productionBuildProblem({ ...adopter, ...change })).toMatch(reason);
    }
  });
});

describe("npm run build", () => {
  // The settings are checked first (scripts/check-build-settings.ts), before the type check and
  // the bundling: a refusal costs seconds, and nothing is written.
  it("stops with a one-line reason when the Supabase URL and the site URL are unset", () => {
    const distDir = "node_modules/.tmp/refused-build";
    fs.rmSync(path.join(REPO_ROOT, distDir), { recursive: true, force: true });
    const result = npm(["run", "build"], {
      ...adopter,
      VITE_SUPABASE_URL: "",
      VITE_SITE_URL: "",
      DIST_DIR: distDir,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(
      "The production build stops: VITE_SUPABASE_URL is not set: set it in the environment or .env",
    );
    expect(fs.existsSync(path.join(REPO_ROOT, distDir))).toBe(false);
  });

  it("stops when an https:// site would call an http:// project", () => {
    const result = npm(["run", "build"], {
      ...adopter,
      VITE_SUPABASE_URL: "http://api.agency.example",
      DIST_DIR: "node_modules/.tmp/refused-build",
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(
      "The production build stops: VITE_SUPABASE_URL is http:// (http://api.agency.example) but the site is https://",
    );
  });

  it(
    "fails when the project's posts cannot be read, instead of building an empty blog, and leaves the previous build as it was",
    { timeout: 240_000 },
    () => {
      const dist = path.join(REPO_ROOT, "node_modules/.tmp", `unreachable-${process.pid}`);
      const folders = [dist, `${dist}-ssr`, `${dist}.building`, `${dist}.building-ssr`];
      // The previous build, which a failed one must not touch.
      fs.mkdirSync(dist, { recursive: true });
      fs.writeFileSync(path.join(dist, "index.html"), "previous build");
      try {
        // The bundling and the prerender (npm run build after its checks): Vite bundles, then
        // the prerender builds the server bundle and reads the project.
        const result = spawnSync("npx", ["tsx", "scripts/build-dist.ts"], {
          cwd: REPO_ROOT,
          env: {
            ...process.env,
            ...adopter,
            VITE_SUPABASE_URL: "https://project.invalid",
            DIST_DIR: path.relative(REPO_ROOT, dist),
          },
          encoding: "utf8",
          timeout: 240_000,
        });
        expect(result.status).not.toBe(0);
        expect(result.stderr).toContain(
          "prerender: cannot read the published posts from https://project.invalid",
        );
        expect(result.stderr).toContain(
          `The production build failed (the reason is above); ${path.relative(REPO_ROOT, dist)} is unchanged.`,
        );
        expect(fs.readdirSync(dist)).toEqual(["index.html"]);
        expect(fs.readFileSync(path.join(dist, "index.html"), "utf8")).toBe("previous build");
        for (const folder of folders.slice(1)) expect(fs.existsSync(folder), folder).toBe(false);
      } finally {
        for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
