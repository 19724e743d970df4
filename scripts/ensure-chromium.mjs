// Makes sure the browser tests have a Chromium: the system one (Debian's package or
// CHROMIUM_PATH), else Playwright's. Installs one when it can; otherwise says how in one line.
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import {
  canInstallDebianPackages,
  ensureProgram,
  installDebianPackage,
  runLogged,
} from "./lib/ensure-program.mjs";

const script = "ensure-chromium";
const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean);

ensureProgram({
  script,
  find: () =>
    candidates.find((path) => existsSync(path)) ??
    (existsSync(chromium.executablePath()) ? chromium.executablePath() : undefined),
  install: () => {
    if (canInstallDebianPackages()) installDebianPackage(script, ["chromium"]);
    else runLogged(script, "npx playwright install chromium");
  },
  missing:
    "No Chromium found: install one (Debian: `sudo apt-get install chromium`; elsewhere: `npx playwright install chromium`) or set CHROMIUM_PATH.",
});
