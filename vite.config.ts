import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadFont()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  // DIST_DIR lets the browser tests build apart from `npm run build` (and from each other).
  build: {
    outDir: process.env.DIST_DIR ?? "dist",
    sourcemap: true,
    target: "es2022",
    // Read by scripts/size.ts to know what each page loads.
    manifest: true,
  },
});
