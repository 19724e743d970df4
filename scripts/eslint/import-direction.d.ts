import type { Rule } from "eslint";

export const importDirection: Rule.RuleModule;
/** Each folder and the folders it may import from (the table in import-direction.js). */
export const allowedImports: Record<string, string[]>;
/** The one file of scripts/ and of e2e/ that may also import src/. */
export const doors: string[];
