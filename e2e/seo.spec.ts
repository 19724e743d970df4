import type { Page } from "@playwright/test";
import { brand } from "../shared/site";
import {
  dictionaries,
  feedPath,
  locales,
  pathFor,
  publicRouteIds,
  publicRoutes,
} from "./support/site";
import { expect, test } from "./fixtures";
import { waitForForms } from "./support/forms";

const indexable = publicRouteIds
  .filter((id) => publicRoutes[id].indexable)
  .flatMap((id) => locales.map((locale) => ({ id, locale, path: pathFor(id, locale) })));

/** Parses XML in the browser; fails the test on a parse error. Returns the values of `selector`. */
async function parseXml(page: Page, xml: string, selector: string, attribute?: string) {
  return page.evaluate(
    ({ xml, selector, attribute }) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const error = doc.querySelector("parsererror");
      if (error) throw new Error(`invalid XML: ${error.textContent}`);
      return [...doc.getElementsByTagName(selector)].map((node) =>
        attribute ? (node.getAttribute(attribute) ?? "") : (node.textContent ?? ""),
      );
    },
    { xml, selector, attribute },
  );
}

const local = (url: string, baseURL: string | undefined) => url.replace(baseURL ?? "", "");

test("sitemap.xml is valid, lists every public page and post, and every URL answers 200", async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const locs = await parseXml(page, xml, "loc");
  for (const { path } of indexable) expect(locs).toContain(`${baseURL}${path}`);
  expect(locs.some((loc) => /\/fr\/blog\/[a-z0-9-]+$/.test(loc))).toBe(true);
  expect(locs.some((loc) => /127\.0\.0\.1:\d+\/blog\/[a-z0-9-]+$/.test(loc))).toBe(true);
  expect(locs.some((loc) => /admin|blog-editor|thank-you/.test(loc))).toBe(false);
  // Every page in both languages names its versions (x-default among them), and so does each
  // post whose translation is published: no other entry has alternates.
  const alternates = await parseXml(page, xml, "xhtml:link", "hreflang");
  const translatedPosts = xml
    .split("\n")
    .filter((entry) => /<loc>[^<]*\/blog\/[^<]+<\/loc>.*hreflang="x-default"/.test(entry));
  expect(alternates.filter((lang) => lang === "x-default")).toHaveLength(
    indexable.length + translatedPosts.length,
  );
  for (const loc of locs) {
    const status = (await request.get(local(loc, baseURL))).status();
    // Other tests publish and delete posts meanwhile: a page may answer 404 only once the
    // sitemap has dropped it.
    if (status !== 200) expect(await (await request.get("/sitemap.xml")).text()).not.toContain(loc);
  }
});

test("robots.txt keeps crawlers out of the staff area and names the sitemap", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const text = await response.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain("Disallow: /blog-editor/");
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

for (const locale of locales) {
  test(`the ${locale} RSS feed is valid, linked from the blog, and its items answer 200`, async ({
    page,
    request,
    baseURL,
  }) => {
    const readFeed = async () => {
      const response = await request.get(feedPath(locale));
      expect(response.status()).toBe(200);
      return response.text();
    };
    const xml = await readFeed();
    const links = await parseXml(page, xml, "link");
    expect(links.length).toBeGreaterThan(1);
    for (const link of links) {
      if ((await request.get(local(link, baseURL))).status() === 200) continue;
      // Tests running alongside publish and unpublish their own posts: one unpublished since the
      // feed was read has lost its page, and the same refresh takes it out of the feed.
      await expect
        .poll(async () => parseXml(page, await readFeed(), "link"), {
          message: link,
          timeout: 15_000,
        })
        .not.toContain(link);
    }
    expect(await parseXml(page, xml, "language")).toEqual([locale]);

    await page.goto(pathFor("blog", locale));
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      feedPath(locale),
    );
  });
}

for (const { id, locale, path } of indexable) {
  test(`${path} has a canonical URL and reciprocal hreflang alternates`, async ({
    page,
    baseURL,
  }) => {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      `${baseURL}${path}`,
    );
    // Polled: while hydrating, React replaces the prerendered head tags with its own.
    await expect
      .poll(async () =>
        Object.fromEntries(
          await page
            .locator('link[rel="alternate"][hreflang]')
            .evaluateAll((links) =>
              links.map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")]),
            ),
        ),
      )
      .toEqual({
        en: `${baseURL}${pathFor(id, "en")}`,
        fr: `${baseURL}${pathFor(id, "fr")}`,
        "x-default": `${baseURL}${pathFor(id, "en")}`,
      });
    // Reciprocity: the other language's page points back here.
    const other = locale === "en" ? "fr" : "en";
    await page.goto(pathFor(id, other));
    await expect(page.locator(`link[rel="alternate"][hreflang="${locale}"]`)).toHaveAttribute(
      "href",
      `${baseURL}${path}`,
    );
  });
}

test("a page has exactly one title while it hydrates and after navigating in the app", async ({
  page,
}) => {
  // Every frame from the first one records how many <title> elements the head holds.
  await page.addInitScript(() => {
    const counts: number[] = [];
    Object.assign(window, { titleCounts: counts });
    const record = () => {
      counts.push(document.head?.querySelectorAll("title").length ?? 1);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await page.goto(pathFor("contact", "en"));
  await waitForForms(page);
  await page.evaluate(() => Object.assign(window, { beforeNavigation: true }));
  await page
    .getByRole("banner")
    .getByRole("link", { name: dictionaries.en.routes.services })
    .first()
    .click();
  await expect(page).toHaveTitle(`${dictionaries.en.meta.services.title} | ${brand.name}`);
  const counts = await page.evaluate(
    () => (window as unknown as { titleCounts: number[] }).titleCounts,
  );
  expect(counts.length).toBeGreaterThan(10);
  expect(new Set(counts)).toEqual(new Set([1]));
  // Navigated in the app, not by a page load.
  expect(await page.evaluate(() => "beforeNavigation" in window)).toBe(true);
});

/** The schema.org types a page declares in its prerendered HTML (read without JavaScript). */
async function structuredDataTypes(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => (JSON.parse(json ?? "{}") as { "@type": string })["@type"],
  );
}

for (const locale of locales) {
  test(`structured data in ${locale}: Organization on home, FAQPage on contact, BlogPosting and BreadcrumbList on posts`, async ({
    page,
  }) => {
    expect(await structuredDataTypes(page, pathFor("home", locale))).toEqual(["Organization"]);
    expect(await structuredDataTypes(page, pathFor("contact", locale))).toEqual(["FAQPage"]);
    const feed = await (await page.request.get(feedPath(locale))).text();
    // The oldest post listed: a sample post, not one another test is about to delete.
    const postUrl = (await parseXml(page, feed, "link"))
      .filter((link) => /\/blog\/.+/.test(link))
      .at(-1);
    expect(postUrl).toBeTruthy();
    expect(await structuredDataTypes(page, new URL(postUrl ?? "").pathname)).toEqual([
      "BlogPosting",
      "BreadcrumbList",
    ]);
  });
}
