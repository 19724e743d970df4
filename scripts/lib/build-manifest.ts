// Vite's build manifest (dist/.vite/manifest.json): the chunk of each module and what it imports,
// for npm run size (what a page loads) and the prerender (what a staff page's shell preloads).
import { readFileSync } from "node:fs";
import path from "node:path";

export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

export function readBuildManifest(dist: string): BuildManifest {
  return JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as BuildManifest;
}

/** `key` and every chunk it imports statically, directly or not, added to `seen`. */
export function staticClosure(
  manifest: BuildManifest,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * A module's key: its path from the project's root, or any path ending with it (a dependency
 * linked from outside the root, as a copy of the repository links node_modules).
 */
export function moduleKey(manifest: BuildManifest, module: string): string | undefined {
  if (manifest[module]) return module;
  return Object.keys(manifest).find((key) => key.endsWith(`/${module}`));
}

/** The entry's key: index.html's script, which loads the app. */
export function entryKey(manifest: BuildManifest): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.isEntry);
  if (!key) throw new Error("no entry chunk in the manifest: run the build first");
  return key;
}

/**
 * A staff page's chunk (vite.config.ts names it staff-page-<page>): by its module
 * (src/app/routes/staff/<page>.tsx), or by its name when it has no facade module (admin, whose
 * chunk hands modules to the Overview's).
 */
export function staffPageKey(manifest: BuildManifest, page: string): string | undefined {
  return Object.keys(manifest).find(
    (key) =>
      manifest[key]?.file.startsWith("assets/staff-page-") &&
      (key === `src/app/routes/staff/${page}.tsx` || manifest[key]?.name === page),
  );
}
