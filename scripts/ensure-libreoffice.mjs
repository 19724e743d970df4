// Makes sure the CSV export's spreadsheet test has LibreOffice: LIBREOFFICE_PATH or a system
// soffice, else Debian's Calc installed when running as root; otherwise says how in one line.
// Its last line names the soffice to run: `ensure-libreoffice: using <path>`.
import { existsSync } from "node:fs";
import {
  canInstallDebianPackages,
  ensureProgram,
  installDebianPackage,
} from "./lib/ensure-program.mjs";

const script = "ensure-libreoffice";
const candidates = [
  process.env.LIBREOFFICE_PATH,
  "/usr/bin/soffice",
  "/usr/local/bin/soffice",
  "/Applications/LibreOffice.app/Contents/MacOS/soffice",
].filter(Boolean);

ensureProgram({
  script,
  find: () => candidates.find((path) => existsSync(path)),
  install: () => {
    if (!canInstallDebianPackages()) return;
    // Calc without the desktop is all a conversion needs; older releases lack that package.
    installDebianPackage(script, ["libreoffice-calc-nogui", "libreoffice-calc"], {
      recommends: false,
    });
  },
  missing:
    "No LibreOffice found: install it (Debian: `sudo apt-get install libreoffice-calc-nogui`; macOS: `brew install --cask libreoffice`) or set LIBREOFFICE_PATH to its soffice.",
});
