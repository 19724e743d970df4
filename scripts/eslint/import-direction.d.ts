import type { Rule } from "eslint";

export const importDirection: Rule.RuleModule;
