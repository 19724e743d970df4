// Enforces the import direction of docs/ARCHITECTURE.md ("Dependency rules") inside src/:
//   components, lib, i18n, config, content, types, test  ->  features  ->  app
// Features never import each other, and only lib/supabase.ts and features/*/api/* (plus the
// generated types) may import supabase-js. Static imports, dynamic import() and re-exports
// (`export ... from`, `export * from`) are all checked: each one ties the modules together.
// Import cycles are refused by import-x/no-cycle (see eslint.config.js).
import path from "node:path";

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

function resolveTarget(source, file, srcDir) {
  if (source.startsWith("@/")) return path.join(srcDir, source.slice(2));
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
      upward: "{{from}} may not import from {{to}}: dependencies point base -> features -> app.",
      crossFeature: "Feature '{{from}}' may not import feature '{{to}}': compose them in a page.",
      supabase:
        "Only src/lib/supabase.ts and features/*/api/* (or */staff/api/*) may import supabase-js.",
    },
  },
  create(context) {
    const file = context.filename;
    const srcDir = path.join(context.cwd, "src");
    const here = locate(file, srcDir);
    if (!here) return {};

    function check(node, source) {
      if (source.startsWith("@supabase/") && !mayUseSupabase(here.relative)) {
        context.report({ node, messageId: "supabase" });
        return;
      }
      const targetPath = resolveTarget(source, file, srcDir);
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
