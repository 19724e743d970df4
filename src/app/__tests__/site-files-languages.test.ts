// sitemap.xml and the feeds follow the list of languages: a third one, German under /de, added
// in memory (its facts in shared/languages.ts, its route paths: the English ones under /de).
import { describe, expect, it, vi } from "vitest";
import type { Locale } from "@/config/routes";
import type { PublishedPost } from "@/features/posts/api/read-published-posts";
import { dictionaries } from "@/i18n/all";
import { siteFiles } from "../site-files";

// The setup file has loaded the real modules already: the test's own imports start afresh, mocked.
vi.hoisted(() => vi.resetModules());

vi.mock("@shared/languages.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("@shared/languages.ts")>();
  const { withGerman } = await import("@/test/third-language");
  return withGerman(real);
});

vi.mock("@/config/routes", async (importOriginal) => {
  const routes = await importOriginal<typeof import("@/config/routes")>();
  const { withGermanPaths } = await import("@/test/third-language");
  return withGermanPaths(routes);
});

const de = "de" as Locale;
const post = (language: Locale, slug: string): PublishedPost => ({
  language,
  slug,
  title: slug,
  excerpt: null,
  published_at: "2026-11-01T09:00:00.000Z",
  updated_at: "2026-11-02T09:00:00.000Z",
  translation_group: "group-1",
});

describe("a third language", () => {
  const files = siteFiles({
    siteUrl: "https://appgrove.example",
    siteName: "Appgrove",
    posts: [post("en", "skan-guide"), post("fr", "guide-skan"), post(de, "skan-leitfaden")],
    dictionaries: { ...dictionaries, [de]: dictionaries.en },
  });
  const alternates = (en: string, fr: string, german: string) =>
    `<xhtml:link rel="alternate" hreflang="en" href="https://appgrove.example${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="fr" href="https://appgrove.example${fr}"/>` +
    `<xhtml:link rel="alternate" hreflang="de" href="https://appgrove.example${german}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="https://appgrove.example${en}"/>`;

  it("is in sitemap.xml: its pages and posts, each with the alternates in every language", () => {
    const sitemap = files["/sitemap.xml"];
    expect(sitemap).toContain(
      `<url><loc>https://appgrove.example/de/services</loc>${alternates("/services", "/fr/services", "/de/services")}</url>`,
    );
    expect(sitemap).toContain(
      `<url><loc>https://appgrove.example/fr/services</loc>${alternates("/services", "/fr/services", "/de/services")}</url>`,
    );
    expect(sitemap).toContain(
      `<url><loc>https://appgrove.example/de/blog/skan-leitfaden</loc><lastmod>2026-11-02</lastmod>${alternates("/blog/skan-guide", "/fr/blog/guide-skan", "/de/blog/skan-leitfaden")}</url>`,
    );
  });

  it("has its RSS feed, in its language", () => {
    expect(files["/de/blog/rss.xml"]).toContain("<language>de</language>");
    expect(files["/de/blog/rss.xml"]).toContain("https://appgrove.example/de/blog/skan-leitfaden");
  });
});
