import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { devSitePort, devSiteUrl } from "./e2e/support/dev-site";
import { LOCAL_PUBLISHABLE_KEY } from "./supabase/local/src/config";

// Debian's Chromium where it exists (Playwright's own download is not available everywhere);
// otherwise Playwright's installed browser.
const systemChromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
  (path): path is string => Boolean(path && existsSync(path)),
);

// The tests' own site and stack, on ports apart from `npm run dev`'s, so both can run at once.
const port = Number(process.env.E2E_PORT ?? 4173);
const stackPort = Number(process.env.E2E_STACK_PORT ?? 54329);
const stackUrl = `http://127.0.0.1:${stackPort}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: systemChromium,
      args: [
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: /team-wide\// },
    // Settings of the whole team (the two-factor rule) change what every session meets: these
    // specs run once every other one has finished.
    {
      name: "team-wide",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /team-wide\/.*\.spec\.ts/,
      dependencies: ["chromium"],
    },
  ],
  webServer: [
    {
      // A fresh in-memory database per run: migrations, seed and the staff account.
      command: "npm run stack",
      url: `${stackUrl}/__local/health`,
      env: {
        SUPABASE_LOCAL_PORT: String(stackPort),
        SUPABASE_LOCAL_IN_MEMORY: "1",
        // The site that refresh-site refreshes: the preview below, through its /__build-hook.
        SITE_URL: `http://127.0.0.1:${port}`,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: "npm run build:local && npm run preview",
      url: `http://127.0.0.1:${port}`,
      env: {
        PORT: String(port),
        // Its own output folder, apart from `npm run build` and from other test runs.
        DIST_DIR: `node_modules/.tmp/e2e-dist-${port}`,
        VITE_SUPABASE_URL: stackUrl,
        VITE_SITE_URL: `http://127.0.0.1:${port}`,
        // The site as a project created today has it: the publishable key, not the legacy anon key.
        VITE_SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
        // Test-only vendor IDs: the consent tests check that analytics load only after consent
        // (the vendor requests are intercepted, nothing leaves the machine).
        VITE_GA_MEASUREMENT_ID: "G-TEST123",
        VITE_META_PIXEL_ID: "1234567890",
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
    {
      // The same site with React's development build, for e2e/console.spec.ts: React's
      // warnings (misused hooks and use(), missing keys) exist only in that build.
      command: "npm run build:local && npm run preview",
      url: devSiteUrl,
      env: {
        NODE_ENV: "development",
        PORT: String(devSitePort),
        DIST_DIR: `node_modules/.tmp/e2e-dev-dist-${devSitePort}`,
        VITE_SUPABASE_URL: stackUrl,
        VITE_SITE_URL: devSiteUrl,
        VITE_SUPABASE_PUBLISHABLE_KEY: LOCAL_PUBLISHABLE_KEY,
      },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
});
