import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { importDirection } from "./scripts/eslint/import-direction.js";

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-ssr",
      "node_modules",
      "coverage",
      "test-results",
      "playwright-report",
      "supabase/.data",
      "src/types/database.ts",
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
      appgrove: { rules: { "import-direction": importDirection } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "appgrove/import-direction": "error",
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
