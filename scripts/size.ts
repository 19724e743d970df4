// npm run size: builds the site against a fresh local stack (npm run build:local), then measures
// what each public page loads at first (the entry and the app it starts, their
// static imports, the page's own chunk and its dictionary, as the client loads them before
// hydrating), gzipped, against the budgets. Parts loaded when needed (forms as they come into view, the toaster) are not counted.
// Also proves that no staff or editor code reaches a public chunk, that the font is preloaded
// and that every prerendered image has its dimensions. Exits 1 when anything is off.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildAgainstFreshStack } from "./lib/local-build.ts";

const distDir = process.env.DIST_DIR ?? "node_modules/.tmp/size-dist";
const dist = path.resolve(import.meta.dirname, "..", distDir);
await (await buildAgainstFreshStack(distDir, "http://127.0.0.1:4173")).close();
const budgets = { js: 120 * 1024, css: 20 * 1024 };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

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

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error("no entry chunk in the manifest: run the build first");
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
const staffPages = ["staff/admin", "staff/blog-editor", "staff/welcome", "staff/reset-password"];

const failures: string[] = [];
const rows: string[][] = [];
const publicFiles = new Set<string>();

// The page's language is loaded before the first render too (the French one weighs the same).
const dictionaryKey = "src/i18n/en.ts";

for (const page of publicPages) {
  const keys = staticClosure(entryKey);
  // The entry loads the app (src/main.tsx) once the prerendered page has painted.
  for (const app of manifest[entryKey]?.dynamicImports ?? []) staticClosure(app, keys);
  if (manifest[routeKey(page)]) staticClosure(routeKey(page), keys);
  if (manifest[dictionaryKey]) staticClosure(dictionaryKey, keys);
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

for (const page of staffPages) {
  const file = manifest[routeKey(page)]?.file;
  if (file && publicFiles.has(file)) failures.push(`the ${page} chunk is loaded by a public page`);
}
// Staff code: the staff pages, the staff feature, every feature's staff/ folder, the staff
// toolkit in components/ and lib/, and the libraries only staff pages use (Tiptap, Recharts).
const staffCode =
  /src\/(app\/routes\/staff|features\/staff|features\/[^/]+\/staff|components\/staff|lib\/staff)\/|node_modules\/(@tiptap|recharts)\//;
for (const file of publicFiles) {
  const map = JSON.parse(readFileSync(path.join(dist, `${file}.map`), "utf8")) as {
    sources: string[];
  };
  const leaked = map.sources.filter((source) => staffCode.test(source));
  if (leaked.length)
    failures.push(`${file} (public) contains staff code: ${leaked.slice(0, 3).join(", ")}`);
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : htmlFiles(full);
    return name.endsWith(".html") ? [full] : [];
  });
const pages = htmlFiles(dist);
for (const file of pages) {
  const html = readFileSync(file, "utf8");
  if (
    !/<link rel="preload" href="\/assets\/inter-latin-wght-normal-[^"]+\.woff2" as="font"/.test(
      html,
    )
  ) {
    failures.push(`${path.relative(dist, file)}: the font is not preloaded`);
  }
  for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
    if (!/\swidth=/.test(img) || !/\sheight=/.test(img)) {
      failures.push(
        `${path.relative(dist, file)}: image without width and height: ${img.slice(0, 80)}`,
      );
    }
  }
}

const header = ["public page", "JS files", "JS (gzip)", "CSS (gzip)"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)));
const line = (cells: string[]) =>
  `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log([line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n"));
console.log(
  `\nbudgets: JavaScript ${kB(budgets.js)}, CSS ${kB(budgets.css)} per page at first load; ${pages.length} HTML files checked for font preload and image sizes`,
);
if (failures.length) {
  console.error(`\n${failures.length} problem(s):\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log("all budgets met");
