// npm run build:rehearsal: production's own build (`npm run build`: the settings check, the type
// check, the bundle, the prerender) against a fresh in-memory local stack that looks like a
// project (keys of its own, reached under a name of this machine that is not a loopback one),
// into DIST_DIR (default dist-rehearsal). The stack stops once the build is done: nothing is
// served; the output stays for `npm run preview`. See docs/hosting.md.
import { rehearseProductionBuild } from "./lib/local-build.ts";

const distDir = process.env.DIST_DIR ?? "dist-rehearsal";
try {
  const { host, siteUrl } = await rehearseProductionBuild({ distDir });
  const listen = host.address === "127.0.0.1" ? "" : `HOST=${host.address} `;
  console.log(
    [
      `build:rehearsal: the production build passed against a stand-in project; the site is in ${distDir}/.`,
      `Preview it with: DIST_DIR=${distDir} ${listen}npm run preview, then open ${siteUrl}`,
      "(the stand-in project is stopped: the prerendered pages show, calls to the project fail).",
    ].join("\n"),
  );
} catch (error) {
  console.error(`build:rehearsal: ${(error as Error).message}`);
  process.exit(1);
}
