// Builds that cannot go wrong silently: the production build refuses a missing or local
// configuration, and the prerender refuses to build a blog it cannot read.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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
  // `npm run build` type-checks the whole project before Vite refuses: ~30 s on a busy 2-core machine.
  it(
    "stops with a one-line reason when the Supabase URL and the site URL are unset",
    { timeout: 120_000 },
    () => {
      const result = npm(["run", "build"], {
        ...adopter,
        VITE_SUPABASE_URL: "",
        VITE_SITE_URL: "",
        DIST_DIR: "node_modules/.tmp/refused-build",
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(
        "The production build stops: VITE_SUPABASE_URL is not set: set it in the environment or .env",
      );
    },
  );

  it("fails when the project's posts cannot be read, instead of building an empty blog", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "unreachable-"));
    try {
      // The prerender step alone: it builds the server bundle, then reads the project.
      const result = spawnSync("npx", ["tsx", "scripts/prerender.ts"], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          ...adopter,
          VITE_SUPABASE_URL: "https://project.invalid",
          DIST_DIR: path.relative(
            REPO_ROOT,
            path.join(REPO_ROOT, "node_modules/.tmp", path.basename(dist)),
          ),
        },
        encoding: "utf8",
        timeout: 240_000,
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(
        "prerender: cannot read the published posts from https://project.invalid",
      );
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
