import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint, RuleTester } from "eslint";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";
import { importDirection } from "./import-direction.js";

const cwd = process.cwd();
const at = (file: string) => path.join(cwd, "src", file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run("import-direction", importDirection, {
  valid: [
    { code: 'import { cn } from "@/lib/cn";', filename: at("features/blog/components/card.tsx") },
    {
      code: 'import { x } from "../api/get-posts";',
      filename: at("features/blog/components/list.tsx"),
    },
    {
      code: 'import { Card } from "@/features/blog/components/card";',
      filename: at("app/routes/blog.tsx"),
    },
    {
      code: 'import { createClient } from "@supabase/supabase-js";',
      filename: at("lib/supabase.ts"),
    },
    {
      code: 'import type { PostgrestError } from "@supabase/supabase-js";',
      filename: at("features/blog/api/get-posts.ts"),
    },
    {
      code: 'const load = () => import("../api/get-posts");',
      filename: at("features/blog/components/list.tsx"),
    },
    {
      code: "const load = () => import(`@/features/blog/components/card`);",
      filename: at("app/router.tsx"),
    },
    {
      code: 'const client = import("@supabase/supabase-js");',
      filename: at("lib/supabase.ts"),
    },
    {
      // A computed specifier names no module the rule could check.
      code: "const load = (name: string) => import(`@/features/${name}`);",
      filename: at("components/layout/header.tsx"),
    },
    {
      code: 'export { Card } from "./card";',
      filename: at("features/blog/components/index.ts"),
    },
    { code: "export const limit = 10;", filename: at("components/layout/header.tsx") },
    { code: 'export * from "@/lib/cn";', filename: at("features/blog/index.ts") },
  ],
  invalid: [
    {
      code: 'import { x } from "@/features/blog/api/get-posts";',
      filename: at("components/layout/header.tsx"),

      errors: [{ messageId: "upward" }],
    },
    {
      code: 'import { routeObjects } from "@/app/router";',
      filename: at("features/seo/components/page-meta.tsx"),

      errors: [{ messageId: "upward" }],
    },
    {
      code: 'import { x } from "../../leads/api/create-lead";',
      filename: at("features/blog/components/list.tsx"),

      errors: [{ messageId: "crossFeature" }],
    },
    {
      code: 'import { createClient } from "@supabase/supabase-js";',
      filename: at("features/blog/components/list.tsx"),

      errors: [{ messageId: "supabase" }],
    },
    {
      code: 'const load = () => import("@/app/router");',
      filename: at("features/seo/components/page-meta.tsx"),
      errors: [{ messageId: "upward" }],
    },
    {
      code: "const load = () => import(`@/features/blog/api/get-posts`);",
      filename: at("components/layout/header.tsx"),
      errors: [{ messageId: "upward" }],
    },
    {
      code: 'const load = () => import("../../leads/components/lead-form");',
      filename: at("features/blog/components/list.tsx"),
      errors: [{ messageId: "crossFeature" }],
    },
    {
      code: 'const client = import("@supabase/supabase-js");',
      filename: at("features/blog/components/list.tsx"),
      errors: [{ messageId: "supabase" }],
    },
    {
      code: 'export { createLead } from "../../leads/api/create-lead";',
      filename: at("features/blog/components/list.tsx"),
      errors: [{ messageId: "crossFeature" }],
    },
    {
      code: 'export { router } from "@/app/router";',
      filename: at("features/seo/index.ts"),
      errors: [{ messageId: "upward" }],
    },
    {
      code: 'export * from "@/features/blog/components/card";',
      filename: at("lib/blog.ts"),
      errors: [{ messageId: "upward" }],
    },
    {
      code: 'export * from "@supabase/supabase-js";',
      filename: at("components/data.ts"),
      errors: [{ messageId: "supabase" }],
    },
  ],
});

// Runs the project's eslint.config.js on a throwaway src/ tree, so removing the cycle rule (or
// breaking its resolver settings) makes these fail.
describe("import cycles (eslint.config.js)", () => {
  const configFile = path.join(cwd, "eslint.config.js");
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function writeTree(files: Record<string, string>) {
    root = mkdtempSync(path.join(os.tmpdir(), "import-cycle-"));
    for (const [name, code] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), code);
    }
  }

  async function lint(overrideConfig?: ESLint.Options["overrideConfig"]) {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: configFile, overrideConfig });
    const results = await eslint.lintFiles(["src"]);
    return results.flatMap((result) =>
      result.messages.map((message) => ({
        file: path.relative(root, result.filePath),
        rule: message.ruleId,
      })),
    );
  }

  it("refuses two modules that import each other", async () => {
    writeTree({
      "src/lib/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n',
      "src/lib/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n',
    });
    expect(await lint()).toEqual([
      { file: path.join("src", "lib", "a.ts"), rule: "import-x/no-cycle" },
      { file: path.join("src", "lib", "b.ts"), rule: "import-x/no-cycle" },
    ]);
  });

  it("refuses a longer cycle through the @/ alias and a re-export", async () => {
    writeTree({
      "tsconfig.json": JSON.stringify({
        compilerOptions: { baseUrl: ".", paths: { "@/*": ["./src/*"] } },
        include: ["src"],
      }),
      "src/lib/a.ts": 'import { b } from "@/lib/b";\nexport const a = () => b;\n',
      "src/lib/b.ts": 'export { c as b } from "@/lib/c";\n',
      "src/lib/c.ts": 'import { a } from "@/lib/a";\nexport const c = () => a;\n',
    });
    // The project's resolver reads the real tsconfig.app.json; point it at this tree's own.
    const resolver = createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") });
    const problems = await lint({ settings: { "import-x/resolver-next": [resolver] } });
    expect(problems.map((problem) => problem.file)).toEqual(
      ["a.ts", "b.ts", "c.ts"].map((file) => path.join("src", "lib", file)),
    );
    expect(new Set(problems.map((problem) => problem.rule))).toEqual(
      new Set(["import-x/no-cycle"]),
    );
  });

  it("lets type-only imports go both ways: they vanish at build time", async () => {
    writeTree({
      "src/lib/a.ts": 'import type { B } from "./b";\nexport type A = { b?: B };\n',
      "src/lib/b.ts": 'import { type A } from "./a";\nexport type B = { a?: A };\n',
    });
    expect(await lint()).toEqual([]);
  });
});
