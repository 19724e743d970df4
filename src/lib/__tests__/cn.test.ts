import { extendTailwindMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "../cn";

/** The default configuration, taught the brand's type sizes: what `cn`'s small one stands for. */
const referenceMerge = extendTailwindMerge({
  extend: { classGroups: { "font-size": [{ text: ["display", "headline"] }] } },
});

// The app's code; copy lives in i18n and content, and cn.ts names utility families, not classes.
const sources = import.meta.glob<string>(
  [
    "/src/**/*.{ts,tsx}",
    "!/src/**/__tests__/**",
    "!/src/**/*.test.{ts,tsx}",
    "!/src/{i18n,content}/**",
    "!/src/lib/cn.ts",
  ],
  { query: "?raw", import: "default", eager: true },
);

/** Every class-like word in a string literal of the app's code. */
function sourceClasses(): string[] {
  const classes = new Set<string>();
  for (const code of Object.values(sources)) {
    for (const [, literal = ""] of code.matchAll(/["'`]([^"'`\n]*)["'`]/g)) {
      for (const word of literal.split(/\s+/)) {
        if (/^!?-?[a-z@*[][\w:\-[\]/.%()=&>*@,#!]*$/.test(word) && word.length > 1) {
          classes.add(word);
        }
      }
    }
  }
  // Words either configuration recognises as utilities (an unknown class is never de-duplicated).
  return [...classes].filter(
    (word) => referenceMerge(`${word} ${word}`) === word || cn(word, word) === word,
  );
}

/** Classes under different variants never conflict, so only same-variant pairs are compared. */
const variantOf = (className: string) =>
  className.split(":").slice(0, -1).sort().join(":") + (className.includes("!") ? "!" : "");

describe("cn", () => {
  it("keeps a brand type size next to a text colour", () => {
    expect(cn("text-headline", "text-muted-foreground")).toBe(
      "text-headline text-muted-foreground",
    );
  });

  it("lets a later size or colour win", () => {
    expect(cn("text-sm text-headline")).toBe("text-headline");
    expect(cn("text-primary", "text-foreground")).toBe("text-foreground");
  });

  it("merges every pair of classes in the source as tailwind-merge's default configuration does", () => {
    const classes = sourceClasses();
    expect(classes.length).toBeGreaterThan(500);
    const byVariant = new Map<string, string[]>();
    for (const className of classes) {
      const variant = variantOf(className);
      byVariant.set(variant, [...(byVariant.get(variant) ?? []), className]);
    }
    const differences: string[] = [];
    let conflicts = 0;
    for (const group of byVariant.values()) {
      for (const first of group) {
        for (const second of group) {
          if (first === second) continue;
          const pair = `${first} ${second}`;
          const expected = referenceMerge(pair);
          if (expected !== pair) conflicts++;
          if (cn(pair) !== expected) differences.push(`${pair} → ${cn(pair)}, not ${expected}`);
        }
      }
    }
    expect(conflicts).toBeGreaterThan(1000);
    expect(differences).toEqual([]);
  });
});
