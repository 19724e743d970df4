// The build's configuration is build tooling: like scripts/, it may import scripts/ (the
// settings checks, the dev server's site files), supabase/local/ (the stack's defaults) and
// shared/ (the brand), never the site's own modules in src/, which it builds
// (scripts/eslint/import-direction.js).
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin, type Rollup } from "vite";
import { developmentSiteFiles } from "./scripts/lib/development-site-files";
import {
  contactSettingWarnings,
  localStackDefaults,
  productionBuildProblem,
} from "./scripts/lib/site-environment";
import { brand } from "./shared/site";
import { DEFAULT_CONFIG_FILE } from "./supabase/local/src/config";
import { readProjectConfig } from "./supabase/local/src/project-config";

/** index.html's %SITE_NAME%: the brand (shared/site.ts); the prerender titles each page. */
/** The start of a staff page's chunk name (a page in src/app/routes/staff/). */
const staffPageChunkPrefix = "staff-page-";

function siteName(): Plugin {
  const name = brand.name.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return {
    name: "appgrove:site-name",
    transformIndexHtml: { order: "pre", handler: (html) => html.replaceAll("%SITE_NAME%", name) },
  };
}

/**
 * Two kinds of Rollup message nobody acts on: the per-build report of the chunk merging below,
 * and zod's comments placed where Rollup cannot read them as annotations (Rollup drops them,
 * which is what we want too).
 */
function quietLog(log: Rollup.RollupLog): boolean {
  return (
    log.code === "OPTIMIZE_CHUNK_STATUS" ||
    (log.code === "INVALID_ANNOTATION" && /node_modules\/zod\//.test(log.id ?? ""))
  );
}

/**
 * The site's public settings by build: development and `--mode local-stack` fill what is unset from
 * the local stack; a production build stops with the reason when one is missing or local, and
 * names, one line each, the contact settings it leaves to their placeholders (local builds are
 * never published, so they do not).
 */
function siteSettings(
  command: "build" | "serve",
  mode: string,
  isSsrBuild = false,
): Record<string, string> {
  const given = loadEnv(mode, import.meta.dirname, "VITE_");
  // Once per build: the prerender's server bundle (an SSR build) reads the same settings.
  if (command === "build" && mode === "production" && !isSsrBuild) {
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
  plugins: [react(), tailwindcss(), siteName(), developmentSiteFiles()],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      "@shared": path.resolve(import.meta.dirname, "shared"),
    },
  },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  // DIST_DIR lets the browser tests build apart from `npm run build` (and from each other).
  build: {
    outDir: process.env.DIST_DIR ?? "dist",
    // Never published: only the local builds keep them (npm run size reads them); see docs/hosting.md.
    sourcemap: mode === "local-stack",
    target: "es2022",
    // Read by scripts/size.ts to know what each page loads.
    manifest: true,
    // Tiny shared chunks (a helper, an icon) cost a request and their own gzip overhead each:
    // merged into a neighbour, the blog pages fit their budget again (npm run size).
    // A staff page (src/app/routes/staff/) loads its own chunks once it is opened: the main
    // chunk, which every public page loads, does not list them for preloading.
    // Within the staff pages, a section's chunk (the Overview's) preloads its own at once.
    modulePreload: {
      resolveDependencies: (file, dependencies, { hostId }) =>
        file.startsWith(`assets/${staffPageChunkPrefix}`) &&
        !hostId.startsWith(`assets/${staffPageChunkPrefix}`)
          ? []
          : dependencies,
    },
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 2_000,
        // A chunk holding a staff page, by its modules: a page whose chunk also hands modules
        // to a chunk it loads (admin's to the Overview's) has no facade module.
        chunkFileNames: ({ moduleIds }) =>
          `assets/${moduleIds.some((id) => id.includes("/src/app/routes/staff/")) ? staffPageChunkPrefix : ""}[name]-[hash].js`,
      },
      onLog(level, log, handler) {
        if (!quietLog(log)) handler(level, log);
      },
    },
    // npm run size enforces the real budgets, per page; Vite's generic 500 kB notice only fires
    // on React's development build (e2e/console.spec.ts), which is never published.
    chunkSizeWarningLimit: 1_500,
  },
}));
