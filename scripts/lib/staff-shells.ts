// The staff pages' shells. A staff page is not prerendered: the host answers it with index.html
// as Vite wrote it, plus (here) a modulepreload link for every file the page loads before it
// shows anything. Without them the browser finds the page's code one request after another
// (the entry, the app, the page's chunk, its imports, theirs), because the app lists no staff
// chunk for preloading: every public page would carry that list.
import {
  entryKey,
  moduleKey,
  staffPageKey,
  staticClosure,
  type BuildManifest,
} from "./build-manifest.ts";

/**
 * What every staff page loads besides its own chunk, which the app loads apart from the public
 * pages' first load: the Supabase client, and the staff area's dictionary (English, decision 3).
 */
const loadedByEveryStaffPage = [
  "node_modules/@supabase/supabase-js/dist/index.mjs",
  "src/i18n/en.ts",
];

/** What a staff page loads in a chunk of its own but always, at once: the editor's Tiptap. */
const loadedAtOnce: Partial<Record<string, string[]>> = {
  "blog-editor": ["src/features/posts/staff/editor/rich-text-editor.tsx"],
};

/**
 * The files opening a staff page loads, in the order its shell asks for them (the app first):
 * all of them but the entry's own, which index.html's script loads.
 */
export function staffPageFiles(manifest: BuildManifest, page: string): string[] {
  const entry = entryKey(manifest);
  const pageKey = staffPageKey(manifest, page);
  if (!pageKey) throw new Error(`no chunk for the staff page ${page} in the build manifest`);
  const keyOf = (module: string) => {
    const key = moduleKey(manifest, module);
    if (!key) throw new Error(`${module} is not in the build (renamed?)`);
    return key;
  };
  const keys = new Set<string>();
  for (const app of manifest[entry]?.dynamicImports ?? []) staticClosure(manifest, app, keys);
  const atOnce = loadedAtOnce[page] ?? [];
  for (const key of [...loadedByEveryStaffPage.map(keyOf), pageKey, ...atOnce.map(keyOf)]) {
    staticClosure(manifest, key, keys);
  }
  const entryOwn = staticClosure(manifest, entry);
  return [...keys].filter((key) => !entryOwn.has(key)).map((key) => manifest[key]!.file);
}

/** The shell a host answers a staff page with (its rule in _redirects). */
export const staffShellFile = (page: string) => `spa-${page}.html`;

/** index.html (`template`) with the page's files preloaded, in order, after its own. */
export function staffShell(manifest: BuildManifest, template: string, page: string): string {
  const links = staffPageFiles(manifest, page).map(
    (file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`,
  );
  return template.replace("</head>", `${links.join("")}  </head>`);
}
