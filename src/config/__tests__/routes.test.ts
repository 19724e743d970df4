import { describe, expect, it } from "vitest";
import { languages } from "@shared/languages.ts";
import {
  hreflangAlternates,
  localeFromPath,
  locales,
  matchPublicRoute,
  pathFor,
  publicRouteIds,
  publicRoutes,
  switchLocalePath,
} from "../routes";
import { postLanguageVersions } from "../post-language-versions";

describe("route table", () => {
  it("holds every route of the spec in both languages", () => {
    expect(publicRoutes.home.paths).toEqual({ en: "/", fr: "/fr" });
    expect(publicRoutes.caseStudies.paths).toEqual({
      en: "/case-studies",
      fr: "/fr/etudes-de-cas",
    });
    expect(publicRoutes.about.paths).toEqual({ en: "/about", fr: "/fr/a-propos" });
    expect(publicRoutes.privacy.paths).toEqual({ en: "/privacy", fr: "/fr/confidentialite" });
    expect(publicRoutes.sitemap.paths).toEqual({ en: "/sitemap", fr: "/fr/plan-du-site" });
    expect(publicRoutes.thankYou.paths).toEqual({ en: "/thank-you", fr: "/fr/thank-you" });
    expect(publicRoutes.blogPost.paths).toEqual({ en: "/blog/:slug", fr: "/fr/blog/:slug" });
  });

  it("puts every path of a language under its prefix, where its language is read from", () => {
    for (const id of publicRouteIds) {
      for (const locale of locales) {
        const path = publicRoutes[id].paths[locale];
        expect(path === "/" || path.startsWith(languages.prefix[locale])).toBe(true);
        expect(localeFromPath(path)).toBe(locale);
      }
    }
  });

  it("builds paths with parameters", () => {
    expect(pathFor("blogPost", "fr", { slug: "guide-skan" })).toBe("/fr/blog/guide-skan");
    expect(pathFor("contact", "en")).toBe("/contact");
  });
});

describe("localeFromPath", () => {
  it.each([
    ["/fr", "fr"],
    ["/fr/", "fr"],
    ["/fr/a-propos", "fr"],
    ["/", "en"],
    ["/about", "en"],
    ["/france", "en"],
    ["/admin", "en"],
  ])("%s is %s", (path, locale) => {
    expect(localeFromPath(path)).toBe(locale);
  });
});

describe("matchPublicRoute", () => {
  it("finds the route, language and parameters", () => {
    expect(matchPublicRoute("/fr/blog/mon-article")).toEqual({
      id: "blogPost",
      locale: "fr",
      params: { slug: "mon-article" },
    });
    expect(matchPublicRoute("/case-studies")).toMatchObject({ id: "caseStudies", locale: "en" });
  });

  it("returns null for unknown paths", () => {
    expect(matchPublicRoute("/nope")).toBeNull();
    expect(matchPublicRoute("/fr/case-studies")).toBeNull();
  });
});

describe("switchLocalePath (the language toggle)", () => {
  it.each([
    ["/", "fr", "/fr"],
    ["/fr", "en", "/"],
    ["/case-studies", "fr", "/fr/etudes-de-cas"],
    ["/fr/etudes-de-cas", "en", "/case-studies"],
    ["/about", "fr", "/fr/a-propos"],
    ["/fr/confidentialite", "en", "/privacy"],
    ["/sitemap", "fr", "/fr/plan-du-site"],
    ["/fr/plan-du-site", "en", "/sitemap"],
    ["/fr/blog", "en", "/blog"],
    ["/blog", "fr", "/fr/blog"],
    ["/fr/thank-you", "en", "/thank-you"],
  ])("%s -> %s gives %s", (from, target, to) => {
    expect(switchLocalePath(from, target as "en" | "fr")).toBe(to);
  });

  it("sends a post that names no translation to the other language's blog list", () => {
    expect(switchLocalePath("/blog/skan-guide", "fr")).toBe("/fr/blog");
    expect(switchLocalePath("/fr/blog/guide-skan", "en")).toBe("/blog");
  });

  it("sends a post to its translation when the page named its versions, and only that post", () => {
    const named = { en: "/blog/skan-guide", fr: "/fr/blog/guide-skan" };
    expect(switchLocalePath("/blog/skan-guide", "fr", named)).toBe("/fr/blog/guide-skan");
    expect(switchLocalePath("/fr/blog/guide-skan", "en", named)).toBe("/blog/skan-guide");
    expect(switchLocalePath("/blog/other-post", "fr", named)).toBe("/fr/blog");
    expect(switchLocalePath("/about", "fr", named)).toBe("/fr/a-propos");
  });

  it("keeps staff pages where they are", () => {
    expect(switchLocalePath("/admin", "fr")).toBe("/admin");
    expect(switchLocalePath("/blog-editor/new", "fr")).toBe("/blog-editor/new");
  });

  it("sends an unknown page to the other language's home", () => {
    expect(switchLocalePath("/fr/nope", "en")).toBe("/");
    expect(switchLocalePath("/nope", "fr")).toBe("/fr");
  });
});

describe("language versions", () => {
  it("of a post: its path and its translation's, once there is one in every language", () => {
    const en = { language: "en", slug: "skan-guide" };
    const fr = { language: "fr", slug: "guide-skan" };
    const both = { en: "/blog/skan-guide", fr: "/fr/blog/guide-skan" };
    expect(postLanguageVersions([en, fr])).toEqual(both);
    expect(postLanguageVersions([fr, en])).toEqual(both);
    expect(postLanguageVersions([en, null])).toBeNull();
    expect(postLanguageVersions([en])).toBeNull();
    expect(postLanguageVersions([en, { language: "en", slug: "other" }])).toBeNull();
    expect(postLanguageVersions([en, { language: "de", slug: "skan" }])).toBeNull();
  });

  it("as hreflang alternates: each language and x-default, the English one", () => {
    const absolute = (path: string) => `https://appgrove.example${path}`;
    expect(
      hreflangAlternates(
        (locale) => pathFor("blogPost", locale, { slug: `${locale}-skan` }),
        absolute,
      ),
    ).toEqual([
      { hrefLang: "en", href: "https://appgrove.example/blog/en-skan" },
      { hrefLang: "fr", href: "https://appgrove.example/fr/blog/fr-skan" },
      { hrefLang: "x-default", href: "https://appgrove.example/blog/en-skan" },
    ]);
  });
});
