// Makes sure the CSV export's spreadsheet test has LibreOffice: LIBREOFFICE_PATH or a system
// soffice, else Debian's Calc installed when running as root; otherwise says how in one line.
// Its last line names the soffice to run: `ensure-libreoffice: using <path>`.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const candidates = [
  process.env.LIBREOFFICE_PATH,
  "/usr/bin/soffice",
  "/usr/local/bin/soffice",
  "/Applications/LibreOffice.app/Contents/MacOS/soffice",
].filter(Boolean);
const found = () => candidates.find((path) => existsSync(path));

function run(command) {
  console.log(`ensure-libreoffice: ${command}`);
  execSync(command, { stdio: "inherit" });
}

const hasCandidate = (name) =>
  /Candidate: (?!\(none\))/.test(execSync(`apt-cache policy ${name}`, { encoding: "utf8" }));

if (!found() && process.platform === "linux" && process.getuid?.() === 0) {
  try {
    if (existsSync("/usr/bin/apt-get")) {
      run("apt-get update -qq");
      // Calc without the desktop is all a conversion needs; older releases lack that package.
      const name = hasCandidate("libreoffice-calc-nogui")
        ? "libreoffice-calc-nogui"
        : "libreoffice-calc";
      run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${name}`);
    }
  } catch {
    // Reported below.
  }
}

const soffice = found();
if (!soffice) {
  console.error(
    "No LibreOffice found: install it (Debian: `sudo apt-get install libreoffice-calc-nogui`; macOS: `brew install --cask libreoffice`) or set LIBREOFFICE_PATH to its soffice.",
  );
  process.exit(1);
}
console.log(`ensure-libreoffice: using ${soffice}`);
