import { describe, expect, it } from "vitest";
import {
  missingLanguages,
  translationDraft,
  translationLanguage,
  uniqueSlug,
} from "../staff/lib/post-translation";

describe("uniqueSlug", () => {
  it("keeps the slug when it is free, and numbers it from 2 otherwise", () => {
    expect(uniqueSlug("skan-guide", new Set())).toBe("skan-guide");
    expect(uniqueSlug("skan-guide", new Set(["skan-guide"]))).toBe("skan-guide-2");
    expect(uniqueSlug("skan-guide", new Set(["skan-guide", "skan-guide-2", "skan-guide-3"]))).toBe(
      "skan-guide-4",
    );
    expect(uniqueSlug("skan-guide", new Set(["skan-guide-2"]))).toBe("skan-guide");
  });

  it("stays within 200 characters, with no hyphen before the number", () => {
    const long = `${"a".repeat(197)}-bc`;
    const slug = uniqueSlug(long, new Set([long]));
    expect(slug).toBe(`${"a".repeat(197)}-2`);
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe("translationLanguage", () => {
  it("is the site's other language", () => {
    expect(translationLanguage("en")).toBe("fr");
    expect(translationLanguage("fr")).toBe("en");
  });

  it("is refused once the post is in every language", () => {
    expect(() => translationLanguage("en", ["fr"])).toThrow("every language");
  });
});

describe("missingLanguages", () => {
  it("are the languages a translation group has no post in yet", () => {
    expect(missingLanguages(["en"])).toEqual(["fr"]);
    expect(missingLanguages(["fr", "en"])).toEqual([]);
    expect(missingLanguages([])).toEqual(["en", "fr"]);
  });
});

describe("translationDraft", () => {
  it("starts from the post's text, category, tags and image, as a draft in its group", () => {
    const source = {
      title: "SKAN 4 guide",
      excerpt: "An excerpt",
      content: "<p>Body</p>",
      category: "Analytics",
      tags: "skan, ios",
      image_url: "https://example.com/cover.png",
      translation_group: "2f1b0c6e-0000-4000-8000-000000000001",
    };
    expect(
      translationDraft(source, { language: "fr", slug: "skan-4-guide", author: "Camille" }),
    ).toEqual({
      ...source,
      language: "fr",
      slug: "skan-4-guide",
      author: "Camille",
      status: "draft",
    });
  });
});
