// npm run size: builds the site against a fresh local stack (npm run build:local), then measures
// what each public page loads at first (the entry and the app it starts, their
// static imports, the page's own chunk and its dictionary, as the client loads them before
// hydrating), gzipped, against the budgets. Parts loaded when needed (forms as they come into view, the toaster) are not counted.
// Then what opening each staff page loads (the Overview: what it adds to admin) against budgets
// of their own, with Tiptap only in the editor and Recharts only in the Overview.
// Also proves that no staff or editor code reaches a public chunk, that no page loads a web font
// (its HTML or the stylesheet) and that every prerendered image has its dimensions. Exits 1 when anything is off.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  entryKey,
  readBuildManifest,
  staffPageKey,
  staticClosure,
  type ManifestChunk,
} from "./lib/build-manifest.ts";
import { buildAgainstFreshStack } from "./lib/local-build.ts";
import { printTable } from "./lib/markdown-table.ts";
import { staffPageFiles } from "./lib/staff-shells.ts";

const distDir = process.env.DIST_DIR ?? "node_modules/.tmp/size-dist";
const dist = path.resolve(import.meta.dirname, "..", distDir);
await (await buildAgainstFreshStack(distDir, "http://127.0.0.1:4173")).close();
const budgets = { js: 120 * 1024, css: 20 * 1024 };

const manifest = readBuildManifest(dist);

const gzipped = new Map<string, number>();
const gzipSize = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
};
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const entry = entryKey(manifest);
const routeKey = (file: string) => `src/app/routes/${file}.tsx`;
const publicPages = [
  "home",
  "services",
  "case-studies",
  "about",
  "contact",
  "blog",
  "blog-post",
  "thank-you",
  "privacy",
  "sitemap",
  "not-found",
];
// What opening a staff page loads (gzipped JavaScript, the Supabase client and the dictionary
// included), a little above today's figures: the editor (Tiptap) and the charts
// (Recharts) in their own chunks, loaded only where used.
const overviewSection = "overview-section";
const staffBudgets: Record<string, number> = {
  admin: 300 * 1024,
  "blog-editor": 435 * 1024,
  [overviewSection]: 145 * 1024,
  welcome: 235 * 1024,
  "reset-password": 235 * 1024,
};
/** The libraries only one staff page loads: the editor's Tiptap, the Overview's charts. */
const librariesOfOnePage: Record<string, string> = {
  "/node_modules/@tiptap/": "blog-editor",
  "/node_modules/recharts/": overviewSection,
};
const failures: string[] = [];
const rows: string[][] = [];
const publicFiles = new Set<string>();

// The page's language is loaded before the first render too (the French one weighs the same).
const dictionaryKey = "src/i18n/en.ts";

for (const page of publicPages) {
  const keys = staticClosure(manifest, entry);
  // The entry loads the app (src/main.tsx) once the prerendered page has painted.
  for (const app of manifest[entry]?.dynamicImports ?? []) staticClosure(manifest, app, keys);
  if (manifest[routeKey(page)]) staticClosure(manifest, routeKey(page), keys);
  if (manifest[dictionaryKey]) staticClosure(manifest, dictionaryKey, keys);
  const chunks = [...keys]
    .map((key) => manifest[key])
    .filter((chunk): chunk is ManifestChunk => !!chunk);
  const js = [...new Set(chunks.map((chunk) => chunk.file))];
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  js.forEach((file) => publicFiles.add(file));
  const jsSize = js.reduce((sum, file) => sum + gzipSize(file), 0);
  const cssSize = css.reduce((sum, file) => sum + gzipSize(file), 0);
  if (jsSize > budgets.js)
    failures.push(`${page}: ${kB(jsSize)} of JavaScript (budget ${kB(budgets.js)})`);
  if (cssSize > budgets.css)
    failures.push(`${page}: ${kB(cssSize)} of CSS (budget ${kB(budgets.css)})`);
  rows.push([page, String(js.length), kB(jsSize), kB(cssSize)]);
}

for (const page of Object.keys(staffBudgets)) {
  const file = manifest[staffPageKey(manifest, page) ?? ""]?.file;
  if (file && publicFiles.has(file)) failures.push(`the ${page} chunk is loaded by a public page`);
}
// Staff code: the staff pages, the staff feature, every feature's staff/ folder, the staff
// toolkit in components/ and lib/, and the libraries only staff pages use (Tiptap, Recharts).
const staffCode =
  /src\/(app\/routes\/staff|features\/staff|features\/[^/]+\/staff|components\/staff|lib\/staff)\/|node_modules\/(@tiptap|recharts)\//;
/** The files a chunk was made from, by their paths (the build writes them relative to it). */
const sourcesOf = (file: string) =>
  (
    JSON.parse(readFileSync(path.join(dist, `${file}.map`), "utf8")) as { sources: string[] }
  ).sources.map((source) => path.resolve(dist, path.dirname(file), source));
for (const file of publicFiles) {
  const leaked = sourcesOf(file).filter((source) => staffCode.test(source));
  if (leaked.length)
    failures.push(`${file} (public) contains staff code: ${leaked.slice(0, 3).join(", ")}`);
}

// A staff page loads the entry and what its shell preloads (scripts/lib/staff-shells.ts): the
// app, the Supabase client, the dictionary, its own chunk, their static imports and what it
// loads at once (the editor's Tiptap). The Overview is a section of admin: counted as what
// opening it adds to admin, its charts included (they load apart from its cards, once the
// cards' figures are there).
const staffRows: string[][] = [];
const filesOf = (keys: Iterable<string>) => [...keys].flatMap((key) => manifest[key]?.file ?? []);
const entryFiles = filesOf(staticClosure(manifest, entry));
function filesLoaded(page: string): Set<string> {
  if (page !== overviewSection) return new Set([...entryFiles, ...staffPageFiles(manifest, page)]);
  const keys = staticClosure(manifest, staffPageKey(manifest, page) ?? "");
  const admin = staticClosure(manifest, staffPageKey(manifest, "admin") ?? "");
  for (const key of [...keys])
    if (!admin.has(key))
      for (const chart of manifest[key]?.dynamicImports ?? []) staticClosure(manifest, chart, keys);
  return new Set(filesOf(keys));
}
for (const [page, budget] of Object.entries(staffBudgets)) {
  if (!staffPageKey(manifest, page)) {
    failures.push(`no chunk for the staff page ${page}`);
    continue;
  }
  const already = page === overviewSection ? filesLoaded("admin") : new Set<string>();
  const js = [...filesLoaded(page)].filter((file) => !already.has(file));
  const jsSize = js.reduce((sum, file) => sum + gzipSize(file), 0);
  for (const [library, usedBy] of Object.entries(librariesOfOnePage)) {
    const loaded = js.some((file) => sourcesOf(file).some((source) => source.includes(library)));
    if (loaded && page !== usedBy) failures.push(`${page} loads ${library} (only ${usedBy} may)`);
  }
  if (jsSize > budget) failures.push(`${page}: ${kB(jsSize)} of JavaScript (budget ${kB(budget)})`);
  staffRows.push([
    page === overviewSection ? `${page} (on top of admin)` : page,
    String(js.length),
    kB(jsSize),
    kB(budget),
  ]);
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : htmlFiles(full);
    return name.endsWith(".html") ? [full] : [];
  });
const pages = htmlFiles(dist);
for (const file of readdirSync(path.join(dist, "assets")).filter((name) => name.endsWith(".css"))) {
  if (readFileSync(path.join(dist, "assets", file), "utf8").includes("@font-face")) {
    failures.push(`assets/${file}: it declares a web font`);
  }
}
for (const file of pages) {
  const html = readFileSync(file, "utf8");
  // No web font (decision 11): one would land between the first and the largest paint.
  if (/<link\b[^>]*\.(?:woff2?|ttf|otf)\b|url\([^)]*\.(?:woff2?|ttf|otf)\b|@font-face/.test(html)) {
    failures.push(`${path.relative(dist, file)}: it loads a web font`);
  }
  for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
    if (!/\swidth=/.test(img) || !/\sheight=/.test(img)) {
      failures.push(
        `${path.relative(dist, file)}: image without width and height: ${img.slice(0, 80)}`,
      );
    }
  }
}

printTable(["public page", "JS files", "JS (gzip)", "CSS (gzip)"], rows);
printTable(["staff page", "JS files", "JS (gzip)", "budget"], staffRows);
console.log(
  `\nbudgets: JavaScript ${kB(budgets.js)}, CSS ${kB(budgets.css)} per public page at first load, the staff pages' own in their table; ${pages.length} HTML files and the stylesheet checked for web fonts, the HTML for image sizes`,
);
if (failures.length) {
  console.error(`\n${failures.length} problem(s):\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("all budgets met");
