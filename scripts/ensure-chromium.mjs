// Makes sure the browser tests have a Chromium: the system one (Debian's package or
// CHROMIUM_PATH), else Playwright's. Installs one when it can; otherwise says how in one line.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean);
const found = () =>
  candidates.find((path) => existsSync(path)) ??
  (existsSync(chromium.executablePath()) ? chromium.executablePath() : undefined);

function run(command) {
  console.log(`ensure-chromium: ${command}`);
  execSync(command, { stdio: "inherit" });
}

if (!found()) {
  const isRoot = process.getuid?.() === 0;
  try {
    if (process.platform === "linux" && isRoot && existsSync("/usr/bin/apt-get")) {
      run("apt-get update -qq");
      run("DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium");
    } else {
      run("npx playwright install chromium");
    }
  } catch {
    // Reported below.
  }
}

const browser = found();
if (!browser) {
  console.error(
    "No Chromium found: install one (Debian: `sudo apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH.",
  );
  process.exit(1);
}
console.log(`ensure-chromium: using ${browser}`);
