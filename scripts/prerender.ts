// After the client build: prerenders every public page in both languages, and every post
// published on the configured Supabase project, into dist/ (full content and head tags before
// any JavaScript runs), then writes sitemap.xml, robots.txt and an RSS feed per language.
// Posts published after the build are rendered in the browser from spa.html.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { JSDOM } from "jsdom";
import { build } from "vite";
import { readAllPages } from "../src/lib/read-all-pages.ts";
import { createNodeClient } from "./lib/node-supabase-client.ts";

// React and React Router pick their build from NODE_ENV when first loaded: production, as in
// the browser bundle (static imports would load them before this line runs).
process.env.NODE_ENV = "production";
const routes = await import("../src/config/routes");
const { feedPath, localeFromPath, locales, pathFor, publicRouteIds, publicRoutes, robotsTxtPath } =
  routes;
type Locale = (typeof locales)[number];

const root = path.resolve(import.meta.dirname, "..");
const dist = path.resolve(root, process.env.DIST_DIR ?? "dist");
const ssrOut = `${dist}-ssr`;

// `--mode local-stack`: the build against the local stack (npm run build:local), as Vite's own.
const modeFlag = process.argv.indexOf("--mode");
const mode = modeFlag >= 0 ? process.argv[modeFlag + 1] : "production";

await build({
  root,
  mode,
  logLevel: "warn",
  build: { ssr: "src/entry-server.tsx", outDir: ssrOut, emptyOutDir: true, sourcemap: false },
});

// The server bundle's contract, src/entry-server.tsx (JSX is not type-checked from here). Its
// env, site and dictionaries are the site's own, built with the same configuration.
interface ServerEntry {
  render(url: string): Promise<{ html: string; head: string; state: unknown; status: number }>;
  provideSanitizerWindow(window: unknown): void;
  // Spelled out: the modules themselves read Vite's import.meta.env, unknown to this script.
  env: { supabaseUrl: string; supabaseKey: string; siteUrl: string };
  site: { name: string };
  loadDictionary: typeof import("../src/i18n").loadDictionary;
}
const server = (await import(
  pathToFileURL(path.join(ssrOut, "entry-server.js")).href
)) as ServerEntry;
const { supabaseUrl, supabaseKey } = server.env;
const siteUrl = server.env.siteUrl;
const dom = new JSDOM("").window;
server.provideSanitizerWindow(dom);

interface PublishedPost {
  slug: string;
  language: Locale;
  title: string;
  excerpt: string | null;
  published_at: string;
  updated_at: string;
}

/** Every published, due post on the project the site is built for. */
async function publishedPosts(): Promise<PublishedPost[]> {
  const supabase = createNodeClient(supabaseUrl, supabaseKey);
  return readAllPages<PublishedPost>((from, to) =>
    supabase
      .from("blog_posts")
      .select("slug,language,title,excerpt,published_at,updated_at")
      .eq("status", "published")
      .lte("published_at", new Date().toISOString())
      .order("published_at", { ascending: false })
      .order("id", { ascending: true })
      .range(from, to),
  );
}

// A blog built without its posts would be a broken site: no reading the project, no build.
const posts = await publishedPosts().catch((error: Error) => {
  console.error(`prerender: cannot read the published posts from ${supabaseUrl}: ${error.message}`);
  process.exit(1);
});
if (posts.length === 0) {
  console.log(
    `prerender: ${supabaseUrl} has no published posts yet; the blog lists are built empty.`,
  );
}

const template = await readFile(path.join(dist, "index.html"), "utf8");
// The untouched shell, for hosts to serve on paths that are not prerendered (staff pages).
await writeFile(path.join(dist, "spa.html"), template);

const escapeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function fill(pathname: string, page: Awaited<ReturnType<ServerEntry["render"]>>): string {
  return template
    .replace(/<html lang="[^"]*">/, `<html lang="${localeFromPath(pathname)}">`)
    .replace(
      /<title>[^<]*<\/title>/,
      // Marked so the client can drop them when React takes the head over.
      page.head.replace(/<(title|meta|link)\b/g, "<$1 data-prerendered"),
    )
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered-path="${pathname}">${page.html}</div>` +
        `<script id="query-state" type="application/json">${escapeJson(page.state)}</script>`,
    );
}

async function writePage(pathname: string, file: string) {
  const page = await server.render(`http://localhost${pathname}`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, fill(pathname, page));
}

const staticPaths = publicRouteIds
  .filter((id) => !publicRoutes[id].paths.en.includes(":"))
  .flatMap((id) => locales.map((locale) => pathFor(id, locale)));
const postPaths = posts.map((post) => pathFor("blogPost", post.language, { slug: post.slug }));

for (const pathname of [...staticPaths, ...postPaths]) {
  await writePage(pathname, path.join(dist, pathname, "index.html"));
}
await writePage("/404", path.join(dist, "404.html"));

// --- sitemap.xml, robots.txt, feeds ---

const xml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`,
  );
const absolute = (pathname: string) => `${siteUrl}${pathname}`;

const pageEntries = publicRouteIds
  .filter((id) => publicRoutes[id].indexable)
  .flatMap((id) =>
    locales.map((locale) => {
      const alternates = [
        ...locales.map((alternate) => [alternate, pathFor(id, alternate)] as const),
        ["x-default", pathFor(id, "en")] as const,
      ]
        .map(
          ([hreflang, href]) =>
            `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(absolute(href))}"/>`,
        )
        .join("");
      return `<url><loc>${xml(absolute(pathFor(id, locale)))}</loc>${alternates}</url>`;
    }),
  );
const postEntries = posts.map(
  (post) =>
    `<url><loc>${xml(absolute(pathFor("blogPost", post.language, { slug: post.slug })))}</loc><lastmod>${post.updated_at.slice(0, 10)}</lastmod></url>`,
);
await writeFile(
  path.join(dist, "sitemap.xml"),
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${[...pageEntries, ...postEntries].join("\n")}\n</urlset>\n`,
);

await writeFile(
  path.join(dist, robotsTxtPath),
  [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${routes.staffRoutes.admin}`,
    `Disallow: ${routes.staffRoutes.blogEditor.replace(/:id$/, "")}`,
    "",
    `Sitemap: ${absolute(routes.sitemapXmlPath)}`,
    "",
  ].join("\n"),
);

for (const locale of locales) {
  const { feed } = (await server.loadDictionary(locale)).blog;
  const items = posts
    .filter((post) => post.language === locale)
    .slice(0, 20)
    .map((post) => {
      const link = absolute(pathFor("blogPost", locale, { slug: post.slug }));
      return `<item><title>${xml(post.title)}</title><link>${xml(link)}</link><guid isPermaLink="true">${xml(link)}</guid><pubDate>${new Date(post.published_at).toUTCString()}</pubDate>${post.excerpt ? `<description>${xml(post.excerpt)}</description>` : ""}</item>`;
    });
  const file = path.join(dist, feedPath(locale));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>${xml(feed.title(server.site.name))}</title><link>${xml(absolute(pathFor("blog", locale)))}</link><description>${xml(feed.description(server.site.name))}</description><language>${locale}</language><atom:link href="${xml(absolute(feedPath(locale)))}" rel="self" type="application/rss+xml"/>\n${items.join("\n")}\n</channel></rss>\n`,
  );
}

// --- Static-host configuration (Netlify and Cloudflare Pages read these files as they are;
// scripts/serve-dist.ts applies them too, so the browser tests run under the same policy) ---

const supabaseOrigin = new URL(supabaseUrl).origin;
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://www.googletagmanager.com https://connect.facebook.net",
  // Radix and React set style attributes at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: data:",
  "font-src 'self'",
  `connect-src 'self' ${supabaseOrigin} https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com https://www.facebook.com https://connect.facebook.net`,
  "frame-src https://www.youtube-nocookie.com",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");
await writeFile(
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
// Paths with no file (staff pages, posts newer than the build) get the client-side shell.
await writeFile(path.join(dist, "_redirects"), "/*  /spa.html  200\n");

console.log(
  `prerendered ${staticPaths.length} pages, ${postPaths.length} posts and 404.html; wrote sitemap.xml, robots.txt, ${locales.length} feeds and the host configuration`,
);
