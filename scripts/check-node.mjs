// Says which Node runs the project's scripts, and stops when it is not the one package.json's
// engines name: npm scripts find the `node` devDependency first on their PATH, so a machine
// whose own Node is older still runs everything on the project's.
import { readFileSync } from "node:fs";

const { engines } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const [wantedMajor, wantedMinor] = engines.node.replace(/^\^/, "").split(".").map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);
const fits = major === wantedMajor && minor >= wantedMinor;

console.log(
  `Node ${process.version} (${process.execPath}) runs the scripts; package.json wants ${engines.node}.`,
);
if (!fits) {
  console.error(
    "This is not the project's Node: run the scripts through npm (npm test, npm run …), which puts node_modules/.bin first on the PATH, after npm install.",
  );
  process.exit(1);
}
