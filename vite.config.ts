import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { host: "127.0.0.1", port: 5173, strictPort: true },
  // DIST_DIR lets the browser tests build apart from `npm run build` (and from each other).
  build: { outDir: process.env.DIST_DIR ?? "dist", sourcemap: true, target: "es2022" },
});
