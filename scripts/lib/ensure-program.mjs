// What the ensure-*.mjs scripts share: find a program, install it when it is missing (on Debian
// with apt-get as root), and name the one to use or say how to get it. Plain Node and no
// packages: these scripts run before the dependencies may be usable.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

/** Prints `<script>: <command>`, then runs the command with its output shown. */
export function runLogged(script, command) {
  console.log(`${script}: ${command}`);
  execSync(command, { stdio: "inherit" });
}

/** Linux, as root, with apt-get: where a missing program can be installed without asking. */
export function canInstallDebianPackages() {
  return process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

const hasCandidate = (name) =>
  /Candidate: (?!\(none\))/.test(execSync(`apt-cache policy ${name}`, { encoding: "utf8" }));

/**
 * Updates apt's lists, then installs the first of `names` this release has (the last without
 * asking apt, as the fallback).
 */
export function installDebianPackage(script, names, { recommends = true } = {}) {
  runLogged(script, "apt-get update -qq");
  const name = names.find((name, index) => index === names.length - 1 || hasCandidate(name));
  const options = recommends ? "" : " --no-install-recommends";
  runLogged(script, `DEBIAN_FRONTEND=noninteractive apt-get install -y -qq${options} ${name}`);
}

/**
 * Runs `install` when `find` finds nothing, then prints `<script>: using <path>`, or prints
 * `missing` (how to get the program) and exits with 1.
 */
export function ensureProgram({ script, find, install, missing }) {
  if (!find()) {
    try {
      install();
    } catch {
      // Reported below.
    }
  }
  const program = find();
  if (!program) {
    console.error(missing);
    process.exit(1);
  }
  console.log(`${script}: using ${program}`);
}
