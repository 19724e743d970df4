import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin } from "vite";
import { developmentSiteFiles } from "./scripts/lib/development-site-files";
import {
  contactSettingWarnings,
  localStackDefaults,
  productionBuildProblem,
} from "./scripts/lib/site-environment";
import { DEFAULT_CONFIG_FILE } from "./supabase/local/src/config";
import { readProjectConfig } from "./supabase/local/src/project-config";

/** Preloads the one web font every page uses, so text renders in it from the first paint. */
function preloadFont(): Plugin {
  return {
    name: "appgrove:preload-font",
    transformIndexHtml(_html, context) {
      const font = Object.keys(context.bundle ?? {}).find((file) =>
        /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
      );
      if (!font) return;
      return [
        {
          tag: "link",
          attrs: {
            rel: "preload",
            href: `/${font}`,
            as: "font",
            type: "font/woff2",
            crossorigin: "",
          },
          injectTo: "head",
        },
      ];
    },
  };
}

/**
 * The site's public settings by build: development and `--mode local-stack` fill what is unset from
 * the local stack; a production build stops with the reason when one is missing or local. Every
 * build names, one line each, the contact settings it leaves to their placeholders.
 */
function siteSettings(
  command: "build" | "serve",
  mode: string,
  isSsrBuild = false,
): Record<string, string> {
  const given = loadEnv(mode, import.meta.dirname, "VITE_");
  // Once per build: the prerender's server bundle (an SSR build) reads the same settings.
  if (command === "build" && !isSsrBuild) {
    for (const warning of contactSettingWarnings(given)) {
      console.warn(`Build warning: ${warning}.`);
    }
  }
  if (command === "serve" || mode === "local-stack") {
    const defaults = localStackDefaults(given, readProjectConfig(DEFAULT_CONFIG_FILE));
    return Object.fromEntries(
      Object.entries(defaults).map(([name, value]) => [
        `import.meta.env.${name}`,
        JSON.stringify(value),
      ]),
    );
  }
  const problem = mode === "production" ? productionBuildProblem(given) : null;
  if (problem) {
    // One line, not a stack trace: the fix is in the environment, not in this file.
    console.error(`The production build stops: ${problem}.`);
    process.exit(1);
  }
  return {};
}

export default defineConfig(({ command, mode, isSsrBuild }) => ({
  define: siteSettings(command, mode, isSsrBuild),
  plugins: [react(), tailwindcss(), preloadFont(), developmentSiteFiles()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  // DIST_DIR lets the browser tests build apart from `npm run build` (and from each other).
  build: {
    outDir: process.env.DIST_DIR ?? "dist",
    sourcemap: true,
    target: "es2022",
    // Read by scripts/size.ts to know what each page loads.
    manifest: true,
    // Tiny shared chunks (a helper, an icon) cost a request and their own gzip overhead each:
    // merged into a neighbour, the blog pages fit their budget again (npm run size).
    rollupOptions: { output: { experimentalMinChunkSize: 2_000 } },
  },
}));
