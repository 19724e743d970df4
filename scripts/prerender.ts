// After the client build: prerenders every public page in every language, every post published
// on the configured Supabase project and the 404 page of each language into dist/ (full content
// and head tags before any JavaScript runs), then writes sitemap.xml, robots.txt, an RSS feed per
// language, build.json (when the build read its data) and the static host's configuration.
//
// `--refresh`, after a change to what visitors see (the preview server's build hook runs it):
// reuses the server bundle, renders only the posts that are new or changed and the blog lists,
// removes the pages of posts that are gone, rewrites sitemap.xml and the feeds. Every file is
// replaced whole, so the server never sends half a page.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { JSDOM } from "jsdom";
import { languages, type Language } from "../shared/languages.ts";
import { readBuildManifest } from "./lib/build-manifest.ts";
import type { ServerEntry } from "./lib/server-entry.ts";
import { staffShell, staffShellFile } from "./lib/staff-shells.ts";

// React and React Router pick their build from NODE_ENV when first loaded: production, as in
// the browser bundle. They are loaded by the server bundle, imported below.
process.env.NODE_ENV = "production";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
const ssrOut = `${dist}-ssr`;
const refresh = process.argv.includes("--refresh");
/**
 * The posts prerendered last time, by path: their updated_at and the language versions they
 * named. Kept beside the server bundle.
 */
const manifestFile = path.join(ssrOut, "prerendered-posts.json");

// `--mode local-stack`: the build against the local stack (npm run build:local), as Vite's own.
const modeFlag = process.argv.indexOf("--mode");
const mode = modeFlag >= 0 ? process.argv[modeFlag + 1] : "production";

// Vite is loaded only to build: a refresh, run after every change, starts a second sooner.
if (!refresh) {
  const { build } = await import("vite");
  await build({
    root,
    mode,
    logLevel: "warn",
    build: { ssr: "src/entry-server.tsx", outDir: ssrOut, emptyOutDir: true, sourcemap: false },
  });
}

const server = (await import(
  pathToFileURL(path.join(ssrOut, "entry-server.js")).href
)) as ServerEntry;
const { defaultLocale, locales, pathFor, postPath, publicRouteIds, publicRoutes } = server;
const { supabaseUrl, siteUrl } = server.env;
server.provideSanitizerWindow(new JSDOM("").window);

// A build reads its data after the refresh that asked for it began: build.json says when, so
// the refresh-site function knows which changes the site now shows.
const dataReadAt = new Date().toISOString();
// A blog built without its posts would be a broken site: no reading the project, no build.
const posts = await server.readPublishedPosts().catch((error: Error) => {
  console.error(`prerender: cannot read the published posts from ${supabaseUrl}: ${error.message}`);
  process.exit(1);
});
if (posts.length === 0 && !refresh) {
  console.log(
    `prerender: ${supabaseUrl} has no published posts yet; the blog lists are built empty.`,
  );
}

/** Replaces a file whole: written beside it, then renamed over it. */
async function writeWhole(file: string, content: string) {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

// index.html as Vite wrote it, before the home page replaces it: kept beside the server bundle
// for a refresh. The staff pages' shells are made from it.
const templateFile = path.join(ssrOut, "client-index.html");
const template = await readFile(refresh ? templateFile : path.join(dist, "index.html"), "utf8");
/** The staff pages, by the name of their route module (src/app/routes/staff/<page>.tsx). */
const staffPages = Object.entries(server.staffRoutes).map(([id, routePath]) => ({
  page: id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
  routePath,
}));
if (!refresh) {
  await writeWhole(templateFile, template);
  const manifest = readBuildManifest(dist);
  for (const { page } of staffPages) {
    await writeWhole(path.join(dist, staffShellFile(page)), staffShell(manifest, template, page));
  }
}

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

function fill(pathname: string, page: Awaited<ReturnType<ServerEntry["render"]>>): string {
  return template
    .replace(
      /<html lang="[^"]*">/,
      `<html lang="${languages.lang[server.localeFromPath(pathname)]}">`,
    )
    .replace(
      /<title>[^<]*<\/title>/,
      // Marked so the client can drop them when React takes the head over.
      page.head.replace(/<(title|meta|link)\b/g, "<$1 data-prerendered"),
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered-path="${pathname}"${
        page.languageVersions
          ? ` data-language-versions="${escapeAttribute(JSON.stringify(page.languageVersions))}"`
          : ""
      }>${page.html}</div>` +
        `<script id="query-state" type="application/json">${escapeJson(page.state)}</script>`,
    );
}

/** Renders `pathname` into `file` (default: its clean-URL index.html). */
async function writePage(pathname: string, file = path.join(dist, pathname, "index.html")) {
  const page = await server.render(`http://localhost${pathname}`);
  await writeWhole(file, fill(pathname, page));
}

/** A language's path prefix: "" for the default language, "/fr" for French. */
const localeRoot = (locale: Language) => languages.prefix[locale];

// A post's page changes with the post, and with its translation's address: a translation
// published, unpublished, deleted or re-slugged renders its partner again too.
const languageVersions = server.postsLanguageVersions(posts);
const postVersions = Object.fromEntries(
  posts.map((post) => [
    postPath(post),
    [post.updated_at, ...Object.values(languageVersions.get(post) ?? {})].join(" "),
  ]),
);
const blogListPaths = locales.map((locale) => pathFor("blog", locale));
let renderedPosts: string[];
let removedPosts: string[] = [];

if (refresh) {
  const previous = JSON.parse(await readFile(manifestFile, "utf8")) as Record<string, string>;
  renderedPosts = Object.keys(postVersions).filter((page) => previous[page] !== postVersions[page]);
  removedPosts = Object.keys(previous).filter((page) => !(page in postVersions));
  for (const pathname of [...renderedPosts, ...blogListPaths]) await writePage(pathname);
} else {
  renderedPosts = Object.keys(postVersions);
  const staticPaths = publicRouteIds
    // Every id has its route: the bundle's route table is keyed by them.
    .filter((id) => !publicRoutes[id]!.paths[defaultLocale].includes(":"))
    .flatMap((id) => locales.map((locale) => pathFor(id, locale)));
  for (const pathname of [...staticPaths, ...renderedPosts]) await writePage(pathname);
  // The 404 page of each language, which the host serves for paths with no page.
  for (const locale of locales) {
    await writePage(`${localeRoot(locale)}/404`, path.join(dist, localeRoot(locale), "404.html"));
  }
}

// --- sitemap.xml, robots.txt, feeds, build.json ---

const dictionaries = Object.fromEntries(
  await Promise.all(locales.map(async (locale) => [locale, await server.loadDictionary(locale)])),
) as Record<Language, unknown>;
const files = server.siteFiles({ siteUrl, siteName: server.site.name, posts, dictionaries });
for (const [sitePath, content] of Object.entries(files)) {
  await writeWhole(path.join(dist, sitePath), content);
}
await writeWhole(manifestFile, JSON.stringify(postVersions, null, 1));
await writeWhole(path.join(dist, "build.json"), `${JSON.stringify({ dataReadAt })}\n`);

if (refresh) {
  // Only once the sitemap and the feeds no longer list them: a listed page always answers.
  for (const pathname of removedPosts) {
    await rm(path.join(dist, pathname), { recursive: true, force: true });
  }
  console.log(
    `refreshed ${renderedPosts.length} posts and ${blogListPaths.length} blog lists, removed ${removedPosts.length}; wrote sitemap.xml and the feeds`,
  );
  process.exit(0);
}

// --- Static-host configuration (Netlify and Cloudflare Pages read these files as they are;
// scripts/serve-dist.ts applies them too, so the browser tests run under the same policy) ---

const supabaseOrigin = new URL(supabaseUrl).origin;
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net",
  // Radix and React set style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  // Post images come from the project's Storage: https on hosted, the local stack's origin here.
  `img-src 'self' https: data: ${supabaseOrigin}`,
  "font-src 'self'",
  `connect-src 'self' ${supabaseOrigin} https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com https://www.facebook.com https://connect.facebook.net`,
  "frame-src https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
await writeWhole(
  path.join(dist, "_headers"),
  `/*
  Content-Security-Policy: ${contentSecurityPolicy}
  X-Content-Type-Options: nosniff
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), interest-cohort=()
  Strict-Transport-Security: max-age=31536000; includeSubDomains
  Cache-Control: public, max-age=0, must-revalidate

/assets/*
  Cache-Control: public, max-age=31536000, immutable
`,
);
// Paths with no file: each staff page gets its shell (the first matching rule wins: exact paths
// first, then /blog-editor/*, then any other path under /admin, which the app answers); every
// other path is a real 404 with its language's 404 page. Netlify applies these after files (no
// shadowing); Cloudflare Pages takes the 200 rewrites and serves the nearest 404.html on its own.
const staffRule = (from: string, page: string) => `${from}  /${staffShellFile(page)}  200`;
const exactStaffPaths = staffPages.filter(({ routePath }) => !routePath.includes(":"));
const staffPathsWithId = staffPages.filter(({ routePath }) => routePath.includes(":"));
await writeWhole(
  path.join(dist, "_redirects"),
  [
    ...exactStaffPaths.map(({ routePath, page }) => staffRule(routePath, page)),
    ...staffPathsWithId.map(({ routePath, page }) =>
      staffRule(routePath.replace(/:\w+$/, "*"), page),
    ),
    staffRule(`${server.staffRoutes.admin}/*`, "admin"),
    // The longest prefix first: the first matching rule wins.
    ...locales
      .map(localeRoot)
      .sort((a, b) => b.length - a.length)
      .map((prefix) => `${prefix}/*  ${prefix}/404.html  404`),
    "",
  ].join("\n"),
);

console.log(
  `prerendered ${Object.keys(postVersions).length} posts, the public pages and the 404 pages; wrote sitemap.xml, robots.txt, ${locales.length} feeds, build.json and the host configuration`,
);
