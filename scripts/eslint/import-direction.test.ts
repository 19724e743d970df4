import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint, RuleTester } from "eslint";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import tseslint from "typescript-eslint";
import { afterEach, describe, expect, it } from "vitest";
import { importDirection } from "./import-direction.js";

const cwd = process.cwd();
const at = (file: string) => path.join(cwd, "src", file);
/** A file anywhere in the repository, by its path from the root. */
const file = (relative: string) => path.join(cwd, relative);
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

// Between folders: the table at the top of import-direction.js, a deliberate violation from each
// folder, and what every folder may do (import shared/, by its alias or a relative path).
tester.run("import-direction between folders", importDirection, {
  valid: [
    // Anything may import shared/, by @shared/ or by a relative path.
    {
      code: 'import { leadFields } from "@shared/lead-fields.ts";',
      filename: at("features/leads/lib/lead-form-config.ts"),
    },
    {
      code: 'import { brand } from "../../shared/site.ts";',
      filename: at("config/site.ts"),
    },
    {
      code: 'import { Constants } from "@shared/database.types.ts";',
      filename: file("supabase/functions/send-lead-notification/lead.ts"),
    },
    {
      code: 'import { newsletterPages } from "../../../shared/newsletter-pages.ts";',
      filename: file("supabase/functions/newsletter/handler.ts"),
    },
    {
      code: 'import { brand } from "../../../shared/site.ts";',
      filename: file("supabase/local/src/function-env.ts"),
    },
    {
      code: 'import { contactPlaceholders } from "../../shared/site.ts";',
      filename: file("scripts/lib/site-environment.ts"),
    },
    { code: 'import { brand } from "../shared/site";', filename: file("e2e/shell.spec.ts") },
    {
      code: 'import { leadFields } from "@shared/lead-fields.ts";',
      filename: file("supabase/tests/lead-fields.test.ts"),
    },
    { code: 'import { brand } from "./shared/site";', filename: file("vite.config.ts") },
    { code: 'export { brand } from "./site.ts";', filename: file("shared/index.ts") },
    // The door: the one file of e2e/ that reads the site's sources.
    {
      code: 'export { dictionaries } from "../../src/i18n/all";',
      filename: file("e2e/support/site.ts"),
    },
    // The other edges of the table.
    {
      code: 'import { startStack } from "../supabase/local/src/stack.ts";',
      filename: file("scripts/bench.ts"),
    },
    {
      code: 'import { freePort } from "../../../scripts/lib/free-port.ts";',
      filename: file("supabase/local/__tests__/functions-lifecycle.test.ts"),
    },
    {
      code: 'import { recordFigures } from "../../../scripts/hardening/figures.ts";',
      filename: file("supabase/tests/hardening/load.test.ts"),
    },
    {
      code: 'import { startTestStack } from "../local/__tests__/helpers.ts";',
      filename: file("supabase/tests/site-keys.test.ts"),
    },
    {
      code: 'import { visitorLead } from "../../../tests/leads.ts";',
      filename: file("supabase/functions/send-lead-notification/__tests__/fake-context.ts"),
    },
    {
      code: 'import type {} from "../../functions/_shared/edge-runtime.d.ts";',
      filename: file("supabase/local/deno/bootstrap.ts"),
    },
    {
      code: 'import { freePort } from "../scripts/lib/free-port";',
      filename: file("e2e/hardening-faults.spec.ts"),
    },
    {
      code: 'import { devSitePort } from "./e2e/support/dev-site";',
      filename: file("playwright.config.ts"),
    },
    // Deno's specifiers name packages, which the table does not cover.
    {
      code: 'import { Resend } from "npm:resend@4";\nimport { assert } from "jsr:@std/assert";',
      filename: file("supabase/functions/newsletter/handler.ts"),
    },
  ],
  invalid: [
    {
      code: 'import { freePort } from "../../../scripts/lib/free-port.ts";',
      filename: at("lib/staff/ports.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "src/", to: "scripts/", source: "../../../scripts/lib/free-port.ts" },
        },
      ],
    },
    {
      code: 'import { startStack } from "../../supabase/local/src/stack.ts";',
      filename: at("lib/stack.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "src/",
            to: "supabase/local/",
            source: "../../supabase/local/src/stack.ts",
          },
        },
      ],
    },
    {
      code: 'const handler = import("../../supabase/functions/newsletter/handler.ts");',
      filename: at("lib/newsletter.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "src/",
            to: "supabase/functions/",
            source: "../../supabase/functions/newsletter/handler.ts",
          },
        },
      ],
    },
    {
      code: 'import { uniqueEmail } from "../../e2e/support/leads";',
      filename: at("test/leads.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "src/", to: "e2e/", source: "../../e2e/support/leads" },
        },
      ],
    },
    {
      code: 'import { site } from "../src/config/site.ts";',
      filename: file("scripts/dev.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "scripts/", to: "src/", source: "../src/config/site.ts" },
        },
      ],
    },
    {
      code: 'const routes = await import("../src/config/routes");',
      filename: file("scripts/prerender.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "scripts/", to: "src/", source: "../src/config/routes" },
        },
      ],
    },
    {
      code: 'import { site } from "../../../src/config/site.ts";',
      filename: file("supabase/local/src/function-env.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "supabase/local/", to: "src/", source: "../../../src/config/site.ts" },
        },
      ],
    },
    {
      code: 'import { createNodeClient } from "../../../scripts/lib/node-supabase-client.ts";',
      filename: file("supabase/local/src/bench.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "supabase/local/",
            to: "scripts/",
            source: "../../../scripts/lib/node-supabase-client.ts",
          },
        },
      ],
    },
    {
      code: 'import type { Tables } from "../../../src/types/database.ts";',
      filename: file("supabase/functions/send-lead-notification/lead.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "supabase/functions/",
            to: "src/",
            source: "../../../src/types/database.ts",
          },
        },
      ],
    },
    {
      code: 'import { LOCAL_RESEND_KEY_PREFIX } from "../../local/src/config.ts";',
      filename: file("supabase/functions/_shared/email.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "supabase/functions/",
            to: "supabase/local/",
            source: "../../local/src/config.ts",
          },
        },
      ],
    },
    {
      code: 'import { freePort } from "../../../scripts/lib/free-port.ts";',
      filename: file("supabase/functions/refresh-site/handler.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "supabase/functions/",
            to: "scripts/",
            source: "../../../scripts/lib/free-port.ts",
          },
        },
      ],
    },
    {
      code: 'import { visitorLead } from "../../tests/leads.ts";',
      filename: file("supabase/functions/send-lead-notification/handler.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "supabase/functions/",
            to: "supabase/tests/",
            source: "../../tests/leads.ts",
          },
        },
      ],
    },
    {
      code: 'import { pathFor } from "../src/config/routes.ts";',
      filename: file("shared/newsletter-pages.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "shared/", to: "src/", source: "../src/config/routes.ts" },
        },
      ],
    },
    {
      code: 'import { z } from "zod";',
      filename: file("shared/lead-fields.ts"),
      errors: [{ messageId: "shared", data: { source: "zod" } }],
    },
    {
      code: 'import { brand } from "@shared/site.ts";',
      filename: file("shared/lead-fields.ts"),
      errors: [{ messageId: "shared", data: { source: "@shared/site.ts" } }],
    },
    {
      code: 'import { brand } from "./site";',
      filename: file("shared/lead-fields.ts"),
      errors: [{ messageId: "shared", data: { source: "./site" } }],
    },
    {
      code: 'import { pathFor } from "../src/config/routes";',
      filename: file("e2e/leads.spec.ts"),
      errors: [
        {
          messageId: "door",
          data: { door: "e2e/support/site.ts", source: "../src/config/routes" },
        },
      ],
    },
    {
      code: 'import type { Database } from "../../src/types/database";',
      filename: file("e2e/support/stack.ts"),
      errors: [
        {
          messageId: "door",
          data: { door: "e2e/support/site.ts", source: "../../src/types/database" },
        },
      ],
    },
    {
      code: 'import { Constants } from "../../src/types/database.ts";',
      filename: file("supabase/tests/access-matrix.test.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "supabase/tests/", to: "src/", source: "../../src/types/database.ts" },
        },
      ],
    },
    {
      code: 'import { site } from "../../../src/config/site.ts";',
      filename: file("supabase/local/__tests__/local-senders.test.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "supabase/local/__tests__/",
            to: "src/",
            source: "../../../src/config/site.ts",
          },
        },
      ],
    },
    {
      code: 'import { site } from "./src/config/site";',
      filename: file("vite.config.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "the root's config files", to: "src/", source: "./src/config/site" },
        },
      ],
    },
    {
      code: 'import { visitorLead } from "../supabase/tests/leads.ts";',
      filename: file("scripts/bench.ts"),
      errors: [
        {
          messageId: "folder",
          data: { from: "scripts/", to: "supabase/tests/", source: "../supabase/tests/leads.ts" },
        },
      ],
    },
    {
      code: 'export { startStack } from "../supabase/local/src/stack.ts";',
      filename: file("shared/stack.ts"),
      errors: [
        {
          messageId: "folder",
          data: {
            from: "shared/",
            to: "supabase/local/",
            source: "../supabase/local/src/stack.ts",
          },
        },
      ],
    },
  ],
});

// scripts/ has no door to src/: the prerender and the dev server read the site through its server
// entry, built or loaded by Vite. Every file of scripts/, and the door it once had, is refused an
// import of src/, whether static, dynamic or a re-export, by the @/ alias or a relative path.
const scriptsFiles = [
  ...(readdirSync(file("scripts"), { recursive: true }) as string[])
    .filter((name) => /\.(ts|tsx|js|mjs)$/.test(name))
    .map((name) => path.join("scripts", name)),
  path.join("scripts", "lib", "site-sources.ts"),
];
const importsOfSrc = (relative: string) => {
  const routes = path.relative(path.dirname(file(relative)), file("src/config/routes.ts"));
  return [
    `import { pathFor } from "${routes}";`,
    'import type { Locale } from "@/config/routes";',
    `const routes = await import("${routes}");`,
    'export * from "@/config/routes";',
  ].map((code) => ({ code, source: /"([^"]+)"/.exec(code)![1]! }));
};

describe("scripts/ and src/", () => {
  it("lists the files of scripts/, the old door among them", () => {
    expect(scriptsFiles).toContain(path.join("scripts", "prerender.ts"));
    expect(scriptsFiles).toContain(path.join("scripts", "lib", "development-site-files.ts"));
    expect(scriptsFiles).toContain(path.join("scripts", "__tests__", "rebrand.test.ts"));
    expect(scriptsFiles).toContain(path.join("scripts", "lib", "site-sources.ts"));
  });
});

tester.run("import-direction: no file of scripts/ imports src/", importDirection, {
  valid: [],
  invalid: scriptsFiles.flatMap((relative) =>
    importsOfSrc(relative).map(({ code, source }) => ({
      code,
      filename: file(relative),
      errors: [{ messageId: "folder", data: { from: "scripts/", to: "src/", source } }],
    })),
  ),
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

  async function lint(
    overrideConfig?: ESLint.Options["overrideConfig"],
    folders: string[] = ["src"],
  ) {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: configFile, overrideConfig });
    const results = await eslint.lintFiles(folders);
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

  it("refuses cycles in every folder of code, Deno's files and specifiers included", async () => {
    const pair = (folder: string, extension = ".ts") => ({
      [`${folder}/a.ts`]: `import { b } from "./b${extension}";\nexport const a = () => b;\n`,
      [`${folder}/b.ts`]: `import { a } from "./a${extension}";\nexport const b = () => a;\n`,
    });
    const folders = [
      "shared",
      "scripts/lib",
      "supabase/local/src",
      "supabase/functions/_shared",
      "supabase/tests",
      "e2e/support",
    ];
    writeTree({
      ...Object.assign({}, ...folders.map((folder) => pair(folder))),
      ...pair("e2e/extensionless", ""),
      // A function's packages: npm: and jsr: resolve to nothing, which no-cycle skips.
      "supabase/functions/echo/index.ts":
        'import { z } from "npm:zod@4";\nimport { assert } from "jsr:@std/assert@1";\nimport { a } from "../_shared/a.ts";\nexport const run = () => [z, assert, a];\n',
    });
    const problems = await lint(undefined, ["shared", "scripts", "supabase", "e2e"]);
    const cyclic = [...folders, "e2e/extensionless"].flatMap((folder) =>
      ["a.ts", "b.ts"].map((name) => path.join(...folder.split("/"), name)),
    );
    expect(problems.map((problem) => problem.file).sort()).toEqual(cyclic.sort());
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
