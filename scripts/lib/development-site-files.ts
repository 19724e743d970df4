// The dev server's side of what the static host serves after a build: sitemap.xml, robots.txt
// and the feeds, made on each request from the same code as the prerender's, and the local
// build hook with its build.json. In development every page renders in the browser from the
// current data, so a refresh has nothing to build: the hook only answers, and build.json says
// the data is read now, which the refresh-site function takes as live.
import type { Connect, Plugin, ViteDevServer } from "vite";
import type { ServerEntry } from "./server-entry.ts";

/** What this plugin reads of the site's server entry, src/entry-server.tsx. */
type SiteFilesEntry = Pick<
  ServerEntry,
  | "env"
  | "site"
  | "locales"
  | "loadDictionary"
  | "readPublishedPosts"
  | "siteFilePaths"
  | "siteFiles"
>;

/**
 * The site's files as they are now: the server entry loaded through Vite, as the browser gets
 * the site (its settings from import.meta.env), with the posts published now. Null for a path
 * that is not one of them.
 */
async function currentSiteFile(server: ViteDevServer, pathname: string): Promise<string | null> {
  const entry = (await server.ssrLoadModule("/src/entry-server.tsx")) as SiteFilesEntry;
  if (!entry.siteFilePaths.includes(pathname)) return null;
  const dictionaries = Object.fromEntries(
    await Promise.all(
      entry.locales.map(async (locale) => [locale, await entry.loadDictionary(locale)]),
    ),
  );
  const posts = await entry.readPublishedPosts();
  const files = entry.siteFiles({
    siteUrl: entry.env.siteUrl,
    siteName: entry.site.name,
    posts,
    dictionaries,
  });
  return files[pathname] ?? null;
}

const contentType = (sitePath: string) =>
  sitePath.endsWith(".txt") ? "text/plain; charset=utf-8" : "application/xml; charset=utf-8";

export function developmentSiteFiles(): Plugin {
  return {
    name: "appgrove:development-site-files",
    apply: "serve",
    configureServer(server) {
      const middleware: Connect.NextHandleFunction = (req, res, next) => {
        const { pathname } = new URL(req.url ?? "/", "http://localhost");
        if (pathname === "/__build-hook" && req.method === "POST") {
          res.writeHead(202, { "Content-Type": "application/json" }).end('{"queued":true}');
          return;
        }
        if (pathname === "/build.json") {
          res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
          res.end(JSON.stringify({ dataReadAt: new Date().toISOString() }));
          return;
        }
        // sitemap.xml, robots.txt and the feeds; the entry knows which paths exactly.
        if (!/\.(xml|txt)$/.test(pathname)) return next();
        currentSiteFile(server, pathname).then(
          (file) => {
            if (file === null) return next();
            res.writeHead(200, { "Content-Type": contentType(pathname) }).end(file);
          },
          (error: Error) => {
            res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8" });
            res.end(`Cannot read the published posts: ${error.message}`);
          },
        );
      };
      server.middlewares.use(middleware);
    },
  };
}
