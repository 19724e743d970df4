import { describe, expect, it } from "vitest";
import { site } from "@/config/site";
import { aboutContent } from "@/content/about";
import { caseStudiesContent } from "@/content/case-studies";
import { contactContent } from "@/content/contact";
import { homeContent } from "@/content/home";
import { newsletterLinkContent } from "@/content/newsletter-link";
import { privacyContent } from "@/content/privacy";
import { servicesContent } from "@/content/services";
import { sitemapContent } from "@/content/sitemap";
import { thankYouContent } from "@/content/thank-you";
import { dictionaries } from "@/i18n/all";

const modules = {
  home: homeContent,
  services: servicesContent,
  caseStudies: caseStudiesContent,
  about: aboutContent,
  contact: contactContent,
  thankYou: thankYouContent,
  privacy: privacyContent,
  sitemap: sitemapContent,
  newsletterLink: newsletterLinkContent,
};

/**
 * Words that are the same in both languages on purpose: brand and product names, and French
 * words spelt as in English.
 */
const sameInBothLanguages = new Set([
  site.name,
  "SKAN",
  "ASO",
  "KPI",
  "ADM",
  "iOS",
  "Android",
  "iGaming",
  "LinkedIn",
  "App Store",
  "Google Play",
  "Google Ads",
  "Meta Ads",
  "Services",
  "Contact",
  "Blog",
  "Article",
  "Message",
]);

/** Figures such as "50+", "100%" or "3x" need no translation. */
const isFigure = (text: string) => !/\p{L}/u.test(text.replace(/(\d)x\b/g, "$1"));

interface Problem {
  path: string;
  en: unknown;
  fr: unknown;
  reason: string;
}

function compare(en: unknown, fr: unknown, path: string, problems: Problem[]) {
  const report = (reason: string) => problems.push({ path, en, fr, reason });
  if (typeof en === "string") {
    if (typeof fr !== "string") return report("missing");
    if (fr.trim() === "") return report("empty");
    if (fr === en && !sameInBothLanguages.has(en) && !isFigure(en)) report("still in English");
    return;
  }
  if (typeof en === "function") {
    if (typeof fr !== "function") return report("missing");
    compare(en(6), fr(6), `${path}(6)`, problems);
    return;
  }
  if (Array.isArray(en)) {
    if (!Array.isArray(fr)) return report("missing");
    if (fr.length !== en.length) report(`has ${fr.length} entries instead of ${en.length}`);
    en.forEach((item, index) => compare(item, fr[index], `${path}[${index}]`, problems));
    return;
  }
  if (en && typeof en === "object") {
    if (!fr || typeof fr !== "object") return report("missing");
    const frKeys = Object.keys(fr);
    for (const key of frKeys) {
      if (!(key in en))
        problems.push({ path: `${path}.${key}`, en: undefined, fr, reason: "extra" });
    }
    for (const [key, value] of Object.entries(en)) {
      compare(value, (fr as Record<string, unknown>)[key], `${path}.${key}`, problems);
    }
  }
}

function problemsOf(en: unknown, fr: unknown, path = ""): Problem[] {
  const problems: Problem[] = [];
  compare(en, fr, path, problems);
  return problems;
}

describe("French marketing copy", () => {
  for (const [name, content] of Object.entries(modules)) {
    it(`${name}: every entry is present and written in French`, () => {
      expect(problemsOf(content.en, content.fr)).toEqual([]);
    });
  }

  it("uses French typography: a non-breaking space before : ; ! ? and around figures", () => {
    expect(typographyOffenders(Object.values(modules).map((content) => content.fr))).toEqual([]);
  });
});

/** French strings with a breakable space where French typography wants a non-breaking one. */
function typographyOffenders(values: unknown[]): string[] {
  const offenders: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      if (/ [:;!?»]|« |\d (€|%|\$)/.test(value)) offenders.push(value);
    } else if (typeof value === "function") walk(value(6));
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  values.forEach(walk);
  return offenders;
}

describe("French interface dictionary", () => {
  const { en, fr } = dictionaries;
  const sections = Object.keys(en) as (keyof typeof en)[];

  for (const section of sections) {
    it(`${section}: every entry is present and written in French`, () => {
      expect(problemsOf(en[section], fr[section], section)).toEqual([]);
    });
  }

  it("has no entries that English lacks", () => {
    expect(Object.keys(fr).filter((key) => !(key in en))).toEqual([]);
  });

  it("uses French typography: a non-breaking space before : ; ! ? and around figures", () => {
    expect(typographyOffenders([fr])).toEqual([]);
  });
});

describe("the translation check itself", () => {
  it("flags missing, empty and untranslated entries", () => {
    const en = { a: "Hello", b: ["One", "Two"], c: { d: "Grow" }, e: "50+", f: "SKAN" };
    const fr = { a: "Hello", b: ["Un"], c: { d: " " }, e: "50+", f: "SKAN" };
    const reasons = problemsOf(en, fr).map((problem) => `${problem.path}: ${problem.reason}`);
    expect(reasons).toEqual([
      ".a: still in English",
      ".b: has 1 entries instead of 2",
      ".b[1]: missing",
      ".c.d: empty",
    ]);
  });
});
