import type { Rule } from "eslint";

export const importDirection: Rule.RuleModule;
/** Each folder and the folders it may import from (the table in import-direction.js). */
export const allowedImports: Record<string, string[]>;
/** The one file of a folder that may also import src/: e2e/support/site.ts. */
export const doors: string[];
