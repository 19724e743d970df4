import { describe, expect, it } from "vitest";
import { brand } from "@shared/site.ts";
import type { PublishedPost } from "@/features/posts/api/read-published-posts";
import { dictionaries } from "@/i18n/all";
import { postsLanguageVersions, siteFiles } from "../site-files";

const post = (language: "en" | "fr", slug: string, group: string): PublishedPost => ({
  language,
  slug,
  title: slug,
  excerpt: null,
  published_at: "2026-11-01T09:00:00.000Z",
  updated_at: "2026-11-02T09:00:00.000Z",
  translation_group: group,
});

const english = post("en", "skan-guide", "group-1");
const french = post("fr", "guide-skan", "group-1");
const alone = post("fr", "seul", "group-2");

describe("postsLanguageVersions", () => {
  it("pairs the published posts of a translation group, and leaves a post alone without", () => {
    const versions = postsLanguageVersions([english, alone, french]);
    const pair = { en: "/blog/skan-guide", fr: "/fr/blog/guide-skan" };
    expect(versions.get(english)).toEqual(pair);
    expect(versions.get(french)).toEqual(pair);
    expect(versions.get(alone)).toBeNull();
    expect(postsLanguageVersions([english]).get(english)).toBeNull();
  });
});

describe("sitemap.xml", () => {
  it("lists a post and its translation as alternates of each other, with x-default", () => {
    const { "/sitemap.xml": sitemap } = siteFiles({
      siteUrl: "https://appgrove.example",
      siteName: brand.name,
      posts: [english, french, alone],
      dictionaries,
    });
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en" href="https://appgrove.example/blog/skan-guide"/>' +
      '<xhtml:link rel="alternate" hreflang="fr" href="https://appgrove.example/fr/blog/guide-skan"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://appgrove.example/blog/skan-guide"/>';
    for (const path of ["/blog/skan-guide", "/fr/blog/guide-skan"]) {
      expect(sitemap).toContain(
        `<url><loc>https://appgrove.example${path}</loc><lastmod>2026-11-02</lastmod>${alternates}</url>`,
      );
    }
    expect(sitemap).toContain(
      "<url><loc>https://appgrove.example/fr/blog/seul</loc><lastmod>2026-11-02</lastmod></url>",
    );
  });
});
