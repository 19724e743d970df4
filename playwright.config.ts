import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium where it exists (Playwright's own download is not available everywhere);
// otherwise Playwright's installed browser.
const systemChromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find(
  (path): path is string => Boolean(path && existsSync(path)),
);

const port = 4173;

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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `npm run build:site && npm run preview`,
    env: { PORT: String(port) },
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
  },
});
