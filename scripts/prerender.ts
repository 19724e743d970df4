// Prerenders every public page, in both languages, into dist/ after the client build, so
// that crawlers and slow phones get the full content before any JavaScript runs.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";

// React and React Router pick their build from NODE_ENV when first loaded: production, as in
// the browser bundle (static imports would load them before this line runs).
process.env.NODE_ENV = "production";
const { localeFromPath, locales, pathFor, publicRouteIds, publicRoutes } =
  await import("../src/config/routes");

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "dist");
const ssrOut = path.join(root, "node_modules/.tmp/ssr");

await build({
  root,
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: ssrOut, emptyOutDir: true, sourcemap: false },
});

// The server bundle's contract, src/entry-server.tsx (JSX is not type-checked from here).
type Render = (url: string) => Promise<{ html: string; head: string; status: number }>;
const { render } = (await import(pathToFileURL(path.join(ssrOut, "entry-server.js")).href)) as {
  render: Render;
};
const template = await readFile(path.join(dist, "index.html"), "utf8");

// The untouched shell, for hosts to serve on paths that are not prerendered (staff pages).
await writeFile(path.join(dist, "spa.html"), template);

function fill(pathname: string, page: { html: string; head: string }): string {
  return (
    template
      .replace(/<html lang="[^"]*">/, `<html lang="${localeFromPath(pathname)}">`)
      // Marked so the client can drop them when React takes the head over.
      .replace(
        /<title>[^<]*<\/title>/,
        page.head.replace(/<(title|meta|link)\b/g, "<$1 data-prerendered"),
      )
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-prerendered-path="${pathname}">${page.html}</div>`,
      )
  );
}

const paths = publicRouteIds
  .filter((id) => !publicRoutes[id].paths.en.includes(":"))
  .flatMap((id) => locales.map((locale) => pathFor(id, locale)));

for (const pathname of paths) {
  const page = await render(`http://localhost${pathname}`);
  const file = path.join(dist, pathname, "index.html");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, fill(pathname, page));
}

const notFound = await render("http://localhost/404");
await writeFile(path.join(dist, "404.html"), fill("/404", notFound));

console.log(`prerendered ${paths.length} pages and 404.html`);
