import { describe, expect, it } from "vitest";
import type { BuildManifest } from "../lib/build-manifest.ts";
import { staffPageFiles, staffShell } from "../lib/staff-shells.ts";

// A build's manifest in small: the entry loads the app, which loads the Supabase client, the
// dictionary and the staff pages apart; the editor loads its rich-text editor apart too.
const editorModule = "src/app/routes/staff/blog-editor.tsx";
const richTextModule = "src/features/posts/staff/editor/rich-text-editor.tsx";
const supabaseModule = "node_modules/@supabase/supabase-js/dist/index.mjs";
const manifest: BuildManifest = {
  "index.html": { file: "assets/index-e.js", isEntry: true, dynamicImports: ["_app-a.js"] },
  "_app-a.js": {
    file: "assets/app-a.js",
    imports: ["index.html"],
    dynamicImports: [supabaseModule, "src/i18n/en.ts", "_staff-page-admin-p.js", editorModule],
  },
  [supabaseModule]: { file: "assets/supabase-s.js", imports: ["_postgrest-q.js"] },
  "_postgrest-q.js": { file: "assets/postgrest-q.js" },
  "src/i18n/en.ts": { file: "assets/en-d.js", imports: ["_app-a.js", "index.html"] },
  // Admin's chunk has no facade module: it is found by its name.
  "_staff-page-admin-p.js": {
    file: "assets/staff-page-admin-p.js",
    name: "admin",
    imports: ["_app-a.js", "_staff-shell-h.js"],
  },
  [editorModule]: {
    file: "assets/staff-page-blog-editor-b.js",
    imports: ["_app-a.js", "_staff-shell-h.js"],
    dynamicImports: [richTextModule],
  },
  "_staff-shell-h.js": { file: "assets/staff-shell-h.js", imports: ["_icons-i.js"] },
  "_icons-i.js": { file: "assets/icons-i.js" },
  [richTextModule]: {
    file: "assets/rich-text-editor-r.js",
    imports: [editorModule, "_tiptap-t.js"],
  },
  "_tiptap-t.js": { file: "assets/tiptap-t.js" },
};

describe("what a staff page's shell preloads", () => {
  it("is everything the page loads, the app first, and not the entry its script loads", () => {
    expect(staffPageFiles(manifest, "admin")).toEqual([
      "assets/app-a.js",
      "assets/supabase-s.js",
      "assets/postgrest-q.js",
      "assets/en-d.js",
      "assets/staff-page-admin-p.js",
      "assets/staff-shell-h.js",
      "assets/icons-i.js",
    ]);
  });

  it("includes what the editor loads apart but at once (Tiptap), after the page", () => {
    expect(staffPageFiles(manifest, "blog-editor").slice(-5)).toEqual([
      "assets/staff-page-blog-editor-b.js",
      "assets/staff-shell-h.js",
      "assets/icons-i.js",
      "assets/rich-text-editor-r.js",
      "assets/tiptap-t.js",
    ]);
    expect(staffPageFiles(manifest, "admin")).not.toContain("assets/rich-text-editor-r.js");
  });

  it("finds a dependency linked from outside the project's root (a copy's node_modules)", () => {
    const { [supabaseModule]: supabase, ...rest } = manifest;
    const linked: BuildManifest = { ...rest, [`../../repository/${supabaseModule}`]: supabase! };
    expect(staffPageFiles(linked, "admin")).toContain("assets/supabase-s.js");
  });

  it("stops the build when a page or a module it names is not in the build", () => {
    expect(() => staffPageFiles(manifest, "welcome")).toThrow(
      "no chunk for the staff page welcome",
    );
    const { [richTextModule]: _gone, ...renamed } = manifest;
    expect(() => staffPageFiles(renamed, "blog-editor")).toThrow(richTextModule);
  });

  it("is written into index.html's head, after its own script and stylesheet", () => {
    const template = [
      "<html><head>",
      '<script type="module" crossorigin src="/assets/index-e.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
      "</head><body></body></html>",
    ].join("\n");
    const shell = staffShell(manifest, template, "admin");
    const head = shell.slice(0, shell.indexOf("</head>"));
    expect(head.indexOf("index-c.css")).toBeLessThan(head.indexOf("modulepreload"));
    expect(
      [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (link) => link[1],
      ),
    ).toEqual(staffPageFiles(manifest, "admin").map((file) => `/${file}`));
    expect(shell.endsWith("</head><body></body></html>".slice(7))).toBe(true);
  });
});
