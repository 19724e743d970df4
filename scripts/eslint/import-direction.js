// Enforces the import direction of docs/ARCHITECTURE.md ("Dependency rules"), between the
// repository's folders and inside src/. Static imports, type imports, dynamic import() with a
// literal specifier and re-exports (`export ... from`, `export * from`) are all checked: each one
// ties the modules together. Import cycles are refused by import-x/no-cycle, in the same folders
// (see eslint.config.js).
//
// Between folders: a file may import from the folders on its row, and from nowhere else. What it
// names by a relative path, `@/` (src/) or `@shared/` (shared/) is checked; packages are not.
//
//   folder                             may import from
//   src/                               src/ (by the layers below), shared/
//   shared/                            shared/ only, by relative ./x.ts paths: Deno, the browser
//                                      bundle and Node all run it, so no package, no alias
//   supabase/functions/                supabase/functions/, shared/
//   supabase/functions/**/__tests__/   the function's code, supabase/tests/ (the visitor's lead),
//                                      shared/
//   supabase/local/                    supabase/local/, supabase/functions/ (the contract it
//                                      runs: _shared/types.ts, edge-runtime.d.ts), shared/
//   supabase/local/__tests__/          the stack and its tests' own files, supabase/functions/,
//                                      scripts/ (the Node client, a free port, admin-create),
//                                      shared/
//   supabase/tests/                    supabase/tests/, the stack and its tests' helpers,
//                                      supabase/functions/, scripts/, shared/
//   scripts/                           scripts/, supabase/local/, shared/ (the prerender and the
//                                      dev server read the site through its server entry,
//                                      src/entry-server.tsx, built or loaded by Vite: no import)
//   e2e/                               e2e/, scripts/, supabase/local/, shared/, and src/ through
//                                      its door below
//   the root's config files            scripts/, supabase/local/, e2e/, shared/ (vite.config.ts
//   (vite.config.ts, ...)              builds src/, it does not import it)
//
// Nothing outside src/ imports src/ but the browser tests, through one door: the file below may
// import src/, and the rest of e2e/ imports the site through it.
//   e2e/support/site.ts                the route table, the copy, the consent key: what the browser
//                                      tests check the pages against
//
// Inside src/: components, lib, i18n, config, content, types, test  ->  features  ->  app.
// Features never import each other, and only lib/supabase.ts and features/*/api/* (plus the
// generated types) may import supabase-js.
import path from "node:path";

/** Each folder and where it may import from (the table above). */
export const allowedImports = {
  "src/": ["src/", "shared/"],
  "shared/": ["shared/"],
  "supabase/functions/": ["supabase/functions/", "shared/"],
  "supabase/functions/**/__tests__/": [
    "supabase/functions/**/__tests__/",
    "supabase/functions/",
    "supabase/tests/",
    "shared/",
  ],
  "supabase/local/": ["supabase/local/", "supabase/functions/", "shared/"],
  "supabase/local/__tests__/": [
    "supabase/local/__tests__/",
    "supabase/local/",
    "supabase/functions/",
    "scripts/",
    "shared/",
  ],
  "supabase/tests/": [
    "supabase/tests/",
    "supabase/local/",
    "supabase/local/__tests__/",
    "supabase/functions/",
    "scripts/",
    "shared/",
  ],
  "scripts/": ["scripts/", "supabase/local/", "shared/"],
  "e2e/": ["e2e/", "scripts/", "supabase/local/", "shared/"],
  "the root's config files": ["scripts/", "supabase/local/", "e2e/", "shared/"],
};

/** The one file of a folder that may also import src/: e2e/'s, the only folder with one. */
export const doors = ["e2e/support/site.ts"];

const posix = (file) => file.split(path.sep).join("/");

/** The folder of the table a file belongs to, or null outside them (node_modules, docs, ...). */
function folderOf(relative) {
  if (relative.startsWith("../") || path.isAbsolute(relative)) return null;
  const parts = relative.split("/");
  const [top, second] = parts;
  if (parts.length === 1) return "the root's config files";
  if (top === "src" || top === "shared" || top === "scripts" || top === "e2e") return `${top}/`;
  if (top !== "supabase") return null;
  const tests = parts.slice(2, -1).includes("__tests__");
  if (second === "functions") {
    return tests ? "supabase/functions/**/__tests__/" : "supabase/functions/";
  }
  if (second === "local") {
    return parts[2] === "__tests__" ? "supabase/local/__tests__/" : "supabase/local/";
  }
  if (second === "tests") return "supabase/tests/";
  return null;
}

const baseLayers = new Set(["components", "lib", "i18n", "config", "content", "types", "test"]);

function locate(file, srcDir) {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith("..")) return null;
  const [top, second] = relative.split(path.sep);
  if (top === "features") return { layer: "features", feature: second, relative };
  if (top === "app") return { layer: "app", relative };
  if (baseLayers.has(top)) return { layer: "base", relative };
  return { layer: "root", relative };
}

/** The file a specifier names, or null for a package (`react`, `node:fs`, `npm:`, `jsr:`, ...). */
function resolveTarget(source, file, root) {
  if (source.startsWith("@/")) return path.join(root, "src", source.slice(2));
  if (source.startsWith("@shared/")) return path.join(root, "shared", source.slice(8));
  if (source.startsWith(".")) return path.resolve(path.dirname(file), source);
  return null;
}

// A feature's api folders: features/<name>/api/ and, for its staff side, features/<name>/staff/api/.
const mayUseSupabase = (relative) => {
  const parts = relative.split(path.sep);
  return (
    relative === path.join("lib", "supabase.ts") ||
    (parts[0] === "features" && parts.slice(2, -1).includes("api")) ||
    relative.startsWith("types" + path.sep)
  );
};

// import("...") and import(`...`) name a module we can check; a computed specifier does not.
function literalSource(node) {
  if (node.type === "Literal" && typeof node.value === "string") return node.value;
  if (node.type === "TemplateLiteral" && node.expressions.length === 0) {
    return node.quasis[0].value.cooked;
  }
  return null;
}

export const importDirection = {
  meta: {
    type: "problem",
    docs: { description: "Keep dependencies pointing one way (docs/ARCHITECTURE.md)." },
    schema: [],
    messages: {
      folder:
        "{{from}} may not import from {{to}} ('{{source}}'): see the table in scripts/eslint/import-direction.js.",
      door: "Outside src/, only {{door}} imports the site's sources: import '{{source}}' through it.",
      shared:
        "shared/ imports only its own files, by a relative ./x.ts path ('{{source}}'): Deno, the browser and Node all run it.",
      upward: "{{from}} may not import from {{to}}: dependencies point base -> features -> app.",
      crossFeature: "Feature '{{from}}' may not import feature '{{to}}': compose them in a page.",
      supabase:
        "Only src/lib/supabase.ts and features/*/api/* (or */staff/api/*) may import supabase-js.",
    },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const relative = posix(path.relative(root, file));
    const folder = folderOf(relative);
    if (!folder) return {};
    const srcDir = path.join(root, "src");
    const here = folder === "src/" ? locate(file, srcDir) : null;

    /** Whether the import crosses into a folder this one may not import from; reports it. */
    function checkFolders(node, source, targetPath) {
      const target = targetPath && folderOf(posix(path.relative(root, targetPath)));
      if (
        folder === "shared/" &&
        (!targetPath || !source.startsWith(".") || !/\.ts$/.test(source))
      ) {
        context.report({ node, messageId: "shared", data: { source } });
        return true;
      }
      if (!target || allowedImports[folder].includes(target)) return false;
      if (target === "src/" && doors.some((door) => door.startsWith(folder))) {
        if (doors.includes(relative)) return false;
        const door = doors.find((candidate) => candidate.startsWith(folder));
        context.report({ node, messageId: "door", data: { door, source } });
        return true;
      }
      context.report({ node, messageId: "folder", data: { from: folder, to: target, source } });
      return true;
    }

    function checkLayers(node, source, targetPath) {
      if (source.startsWith("@supabase/") && !mayUseSupabase(here.relative)) {
        context.report({ node, messageId: "supabase" });
        return;
      }
      const target = targetPath && locate(targetPath, srcDir);
      if (!target) return;
      const pointsUp =
        (here.layer === "base" && (target.layer === "features" || target.layer === "app")) ||
        (here.layer === "features" && target.layer === "app");
      if (pointsUp) {
        context.report({ node, messageId: "upward", data: { from: here.relative, to: source } });
      } else if (
        here.layer === "features" &&
        target.layer === "features" &&
        here.feature !== target.feature
      ) {
        context.report({
          node,
          messageId: "crossFeature",
          data: { from: here.feature, to: target.feature },
        });
      }
    }

    function check(node, source) {
      const targetPath = resolveTarget(source, file, root);
      if (checkFolders(node, source, targetPath)) return;
      if (here) checkLayers(node, source, targetPath);
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration(node) {
        if (node.source) check(node, node.source.value);
      },
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression(node) {
        const source = literalSource(node.source);
        if (source !== null) check(node, source);
      },
    };
  },
};
