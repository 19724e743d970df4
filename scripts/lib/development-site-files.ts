// The dev server's side of what the static host serves after a build: sitemap.xml, robots.txt
// and the feeds, made on each request from the same code as the prerender's, and the local
// build hook with its build.json. In development every page renders in the browser from the
// current data, so a refresh has nothing to build: the hook only answers, and build.json says
// the data is read now, which the refresh-site function takes as live.
import type { Connect, Plugin, ViteDevServer } from "vite";
import { createNodeClient } from "./node-supabase-client.ts";
import {
  readPublishedPosts,
  siteFilePaths,
  siteFiles,
  type SiteFileSources,
} from "./site-files.ts";

async function currentSiteFiles(server: ViteDevServer): Promise<Record<string, string>> {
  // Through Vite, as the browser gets them: the site's settings come from import.meta.env.
  const { env } = (await server.ssrLoadModule("/src/config/env.ts")) as {
    env: { supabaseUrl: string; supabaseKey: string; siteUrl: string };
  };
  const { site } = (await server.ssrLoadModule("/src/config/site.ts")) as {
    site: { name: string };
  };
  const { dictionaries } = (await server.ssrLoadModule("/src/i18n/all.ts")) as {
    dictionaries: SiteFileSources["dictionaries"];
  };
  const posts = await readPublishedPosts(createNodeClient(env.supabaseUrl, env.supabaseKey));
  return siteFiles({ siteUrl: env.siteUrl, siteName: site.name, posts, dictionaries });
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
        if (!siteFilePaths.includes(pathname)) return next();
        currentSiteFiles(server).then(
          (files) => {
            res.writeHead(200, { "Content-Type": contentType(pathname) }).end(files[pathname]);
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
