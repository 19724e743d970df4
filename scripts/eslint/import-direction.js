// Enforces ARCHITECTURE.md's import direction inside src/:
//   components, lib, i18n, config, content, types  ->  features  ->  app
// Features never import each other, and only lib/supabase.ts and features/*/api/* (plus the
// generated types) may import supabase-js.
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

const mayUseSupabase = (relative) =>
  relative === path.join("lib", "supabase.ts") ||
  relative.split(path.sep)[2] === "api" ||
  relative.startsWith("types" + path.sep);

export const importDirection = {
  meta: {
    type: "problem",
    docs: { description: "Keep dependencies pointing one way (ARCHITECTURE.md)." },
    schema: [],
    messages: {
      upward: "{{from}} may not import from {{to}}: dependencies point base -> features -> app.",
      crossFeature: "Feature '{{from}}' may not import feature '{{to}}': compose them in a page.",
      supabase: "Only src/lib/supabase.ts and features/*/api/* may import supabase-js.",
    },
  },
  create(context) {
    const file = context.filename;
    const srcDir = path.join(context.cwd, "src");
    const here = locate(file, srcDir);
    if (!here) return {};

    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (source.startsWith("@supabase/") && !mayUseSupabase(here.relative)) {
          context.report({ node, messageId: "supabase" });
          return;
        }
        const targetPath = resolveTarget(source, file, srcDir);
        const target = targetPath && locate(targetPath, srcDir);
        if (!target) return;
        if (here.layer === "base" && (target.layer === "features" || target.layer === "app")) {
          context.report({ node, messageId: "upward", data: { from: here.relative, to: source } });
        } else if (here.layer === "features" && target.layer === "app") {
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
      },
    };
  },
};
