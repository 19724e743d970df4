import path from "node:path";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importDirection } from "./scripts/eslint/import-direction.js";

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-ssr",
      // npm run build:rehearsal, and what a build in progress writes beside its folder
      "dist-rehearsal",
      "dist-rehearsal-ssr",
      "*.building",
      "*.building-ssr",
      "*.previous",
      "node_modules",
      "coverage",
      "test-results",
      "playwright-report",
      "supabase/.data",
      "src/types/database.ts",
      "supabase/functions/_shared/database.types.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: {
      "react-hooks": reactHooks,
      "import-x": importX,
      appgrove: { rules: { "import-direction": importDirection } },
    },
    settings: {
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/resolver-next": [
        // Absolute, so the `@/` alias resolves the same whatever directory eslint runs from.
        createTypeScriptImportResolver({
          project: path.join(import.meta.dirname, "tsconfig.app.json"),
        }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "appgrove/import-direction": "error",
      // Type-only imports never count (they vanish at build time); packages are not walked.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='forwardRef']",
          message: "React 19: pass ref as a prop instead of forwardRef.",
        },
      ],
    },
  },
);
