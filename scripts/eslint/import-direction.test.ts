import path from "node:path";
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
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
  ],
});
