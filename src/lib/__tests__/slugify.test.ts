import { describe, expect, it } from "vitest";
import { slugify } from "../slugify";

describe("slugify", () => {
  it.each([
    ["Stratégie été", "strategie-ete"],
    ["How to Scale Installs 3x in 2026!", "how-to-scale-installs-3x-in-2026"],
    ["  --Leading and trailing--  ", "leading-and-trailing"],
    ["SKAN 4.0 : le guide complet", "skan-4-0-le-guide-complet"],
    ["Ça coûte cher, l'œuvre", "ca-coute-cher-l-oeuvre"],
    ["Straße", "strasse"],
    ["a___b   c", "a-b-c"],
    ["日本語", ""],
    ["", ""],
  ])("%j -> %j", (input, slug) => {
    expect(slugify(input)).toBe(slug);
  });
});
