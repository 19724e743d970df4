// Publish means live: what staff publish becomes a prerendered page of the preview build (the
// stack's schedule calls refresh-site, whose build hook runs the incremental prerender), read
// here without JavaScript as crawlers and link previews read it.
import type { APIRequestContext } from "@playwright/test";
import { brand } from "../shared/site";
import { dictionaries, feedPath, pathFor, siteRefreshTimeout } from "./support/site";
import { expect as baseExpect, test } from "./fixtures";
import { deletePostsTagged, editorBody, openEditor, storedPost } from "./support/editor";
import { createPost, uniqueTag } from "./support/staff";

const expect = baseExpect.configure({ timeout: siteRefreshTimeout });
// Sign-in, the editor's chunk, two refreshes; the scheduled post waits a minute.
test.describe.configure({ timeout: 150_000 });

let tag = "";
test.beforeEach(() => {
  tag = uniqueTag();
});
test.afterEach(async () => {
  await deletePostsTagged(tag);
});

/** The prerendered HTML of a path, as a crawler gets it: status and body, no JavaScript. */
async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

const text = async (request: APIRequestContext, path: string) => (await request.get(path)).text();

/** The content of the head tag `<tag attribute="name" … content|href="…">`. */
function headValue(html: string, pattern: string, valueAttribute = "content") {
  // Case-insensitive, as HTML attribute names are (React writes hrefLang).
  const tag = html.match(new RegExp(`<[^>]*${pattern}[^>]*>`, "i"))?.[0] ?? "";
  return tag.match(new RegExp(`${valueAttribute}="([^"]*)"`))?.[1];
}

test("a post published in the editor becomes a prerendered page, in the sitemap and the feed; taken back to draft, it answers 404", async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Live on publish ${tag}`;
  const slug = `live-on-publish-${tag}`;
  const path = pathFor("blogPost", "en", { slug });
  const url = `${baseURL}${path}`;

  await openEditor(page);
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("What a crawler reads before any script runs.");
  await editorBody(page).click();
  await page.keyboard.type("The first paragraph.");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Post published!")).toBeVisible();
  const published = Date.now();

  await expect
    .poll(async () => (await fetchPage(request, path)).status, { intervals: [250] })
    .toBe(200);
  test.info().annotations.push({
    type: "figure",
    description: `published → prerendered page in ${Date.now() - published} ms`,
  });
  const { html } = await fetchPage(request, path);
  expect(html).toContain(`<title data-prerendered>${title} | ${brand.name}</title>`);
  expect(html).toContain(`<h1`);
  expect(html).toContain("The first paragraph.");
  expect(headValue(html, 'rel="canonical"', "href")).toBe(url);
  expect(headValue(html, 'hreflang="en"', "href")).toBe(url);
  expect(headValue(html, 'property="og:title"')).toBe(`${title} | ${brand.name}`);
  expect(headValue(html, 'property="og:description"')).toBe(
    "What a crawler reads before any script runs.",
  );
  expect(headValue(html, 'property="og:url"')).toBe(url);
  expect(headValue(html, 'property="og:type"')).toBe("article");
  // No image of its own: the site's preview image, absolute.
  expect(headValue(html, 'property="og:image"')).toBe(`${baseURL}/images/social-card.png`);
  expect(headValue(html, 'name="twitter:image"')).toBe(`${baseURL}/images/social-card.png`);
  const stored = await storedPost("en", slug);
  expect(Date.parse(headValue(html, 'property="article:published_time"') ?? "")).toBe(
    Date.parse(stored!.published_at!),
  );
  expect((await request.get("/images/social-card.png")).status()).toBe(200);

  await expect.poll(() => text(request, "/sitemap.xml")).toContain(`<loc>${url}</loc>`);
  await expect.poll(() => text(request, feedPath("en"))).toContain(`<link>${url}</link>`);

  // Staff see the public page is up to date.
  await page.goto(`/blog-editor/${stored!.id}`);
  await expect(page.getByTestId("public-page-status")).toHaveText("Public page up to date");

  // Back to draft: the page goes, and so do its entries.
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved!")).toBeVisible();
  await expect
    .poll(async () => (await fetchPage(request, path)).status, { intervals: [250] })
    .toBe(404);
  expect(await text(request, "/sitemap.xml")).not.toContain(url);
  expect(await text(request, feedPath("en"))).not.toContain(url);
  // The address shows the 404 page, in the post's language.
  expect((await fetchPage(request, path)).html).toContain(dictionaries.en.notFound.title);
});

test("a post scheduled a minute ahead becomes a page once it is due", async ({
  request,
  baseURL,
}) => {
  const slug = `due-in-a-minute-${tag}`;
  const path = pathFor("blogPost", "fr", { slug });
  const due = Date.now() + 60_000;
  await createPost({
    title: `Prévu dans une minute ${tag}`,
    slug,
    language: "fr",
    status: "published",
    published_at: new Date(due).toISOString(),
  });

  // Well before its time: no page, not listed.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  expect((await fetchPage(request, path)).status).toBe(404);
  expect(await text(request, "/sitemap.xml")).not.toContain(slug);

  await expect
    .poll(async () => (await fetchPage(request, path)).status, {
      intervals: [500],
      timeout: due - Date.now() + siteRefreshTimeout,
    })
    .toBe(200);
  const late = Date.now() - due;
  test.info().annotations.push({ type: "figure", description: `due → page in ${late} ms` });
  expect(late).toBeGreaterThanOrEqual(0);
  expect((await fetchPage(request, path)).html).toContain(`Prévu dans une minute ${tag}`);
  await expect.poll(() => text(request, "/sitemap.xml")).toContain(`<loc>${baseURL}${path}</loc>`);
  await expect.poll(() => text(request, feedPath("fr"))).toContain(`${baseURL}${path}`);
});

test("unknown paths answer 404 with the 404 page of their language; staff pages get their own shell", async ({
  request,
}) => {
  for (const [path, locale] of [
    ["/nowhere", "en"],
    ["/blog/no-such-post", "en"],
    ["/fr/nulle-part", "fr"],
  ] as const) {
    const head = await request.head(path);
    expect(head.status(), path).toBe(404);
    const { status, html } = await fetchPage(request, path);
    expect(status, path).toBe(404);
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(dictionaries[locale].notFound.title);
  }
  // Each with its page's chunk preloaded (any other path under /admin: admin's).
  for (const [path, page] of [
    ["/admin", "admin"],
    ["/admin/reset-password", "reset-password"],
    ["/admin/welcome", "welcome"],
    ["/admin/elsewhere", "admin"],
    ["/blog-editor/new", "blog-editor"],
  ] as const) {
    const { status, html } = await fetchPage(request, path);
    expect(status, path).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    const chunks = html.match(/href="\/assets\/staff-page-[a-z-]+-[\w-]{8}\.js"/g) ?? [];
    expect(
      chunks.map((chunk) => chunk.slice(25, -13)),
      path,
    ).toEqual([page]);
  }
});
