// `npm run build`'s last step: the client bundle (vite build), then the prerender
// (scripts/prerender.ts), into a folder beside DIST_DIR (default dist), moved into place only
// once both have succeeded. A build that fails or is interrupted leaves the previous DIST_DIR
// (and the prerender's server bundle, DIST_DIR-ssr) as they were: a host never uploads half a
// site, and `npm run preview` never serves one.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { REPO_ROOT } from "../supabase/local/src/config.ts";

const dist = path.resolve(REPO_ROOT, process.env.DIST_DIR ?? "dist");
const building = `${dist}.building`;
/** The folders a build writes: the site, and the server bundle beside it (prerender.ts). */
const outputs = (folder: string) => [folder, `${folder}-ssr`];
const bin = (name: string) => path.join(REPO_ROOT, "node_modules", ".bin", name);

async function removeBuilding() {
  for (const folder of outputs(building)) await rm(folder, { recursive: true, force: true });
}

function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: REPO_ROOT,
      stdio: "inherit",
      env: { ...process.env, DIST_DIR: building },
    });
    child.on("error", (error) => {
      console.error(`build: cannot start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Swaps `from` in for `to`: the old one moves aside first, so `to` is never half written. */
async function moveIntoPlace(from: string, to: string) {
  const previous = `${to}.previous`;
  await rm(previous, { recursive: true, force: true });
  if (existsSync(to)) await rename(to, previous);
  await rename(from, to);
  await rm(previous, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void removeBuilding().finally(() => process.exit(1));
  });
}

// What an interrupted build left.
await removeBuilding();
const status =
  (await run(bin("vite"), ["build"])) || (await run(bin("tsx"), ["scripts/prerender.ts"]));
if (status !== 0) {
  await removeBuilding();
  console.error(
    `The production build failed (the reason is above); ${path.relative(REPO_ROOT, dist) || "."} is unchanged.`,
  );
  process.exit(status);
}
const [site, server] = outputs(building);
const [siteTarget, serverTarget] = outputs(dist);
await moveIntoPlace(server!, serverTarget!);
await moveIntoPlace(site!, siteTarget!);
