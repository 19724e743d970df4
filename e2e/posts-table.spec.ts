// The Posts section of the staff workspace: the table's filters, search, sorting and URL;
// publishing and unpublishing from it; and linked translations, from the table to the editor to
// the prerendered pages, read without JavaScript as crawlers read them (hreflang both ways, the
// sitemap's alternates, the language toggle).
import type { APIRequestContext, Page } from "@playwright/test";
import { pathFor } from "./support/site";
import { expect as baseExpect, test } from "./fixtures";
import { deletePostsTagged, storedPost } from "./support/editor";
import { serviceClient } from "./support/stack";
import { createPost, signInAsStaff, staffDisplayName, uniqueTag } from "./support/staff";

const expect = baseExpect.configure({ timeout: 15_000 });
// Sign-in, the editor's chunk, and refreshes of the site for the translation test.
test.describe.configure({ timeout: 150_000 });

let tag = "";
test.beforeEach(() => {
  tag = uniqueTag();
});
test.afterEach(async () => {
  await deletePostsTagged(tag);
});

async function openPosts(page: Page, query = "") {
  await page.goto("/admin");
  await signInAsStaff(page);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.goto(`/admin?tab=posts${query}`);
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
}

const rows = (page: Page) => page.getByTestId("post-row");
/** The row of a post, by its title (a translation's row names it too, in another column). */
const row = (page: Page, title: string) =>
  rows(page).filter({ has: page.getByRole("rowheader", { name: title }) });
/** The titles of the rows, in order, as their Edit buttons name them. */
const rowTitles = (page: Page) =>
  rows(page)
    .getByRole("link", { name: /^Edit / })
    .evaluateAll((links) =>
      links.map((link) => link.getAttribute("aria-label")?.replace(/^Edit /, "")),
    );

test("staff filter the posts by status, language and category, search them by title and sort them; the URL keeps it all", async ({
  page,
}) => {
  const hour = 3_600_000;
  await createPost({
    title: `Alpha ${tag}`,
    slug: `alpha-${tag}`,
    language: "en",
    status: "draft",
    category: "Analytics",
  });
  await createPost({
    title: `Beta ${tag}`,
    slug: `beta-${tag}`,
    language: "fr",
    status: "published",
    category: "ASO",
    published_at: new Date(Date.now() - 48 * hour).toISOString(),
  });
  await createPost({
    title: `Gamma ${tag}`,
    slug: `gamma-${tag}`,
    language: "en",
    status: "published",
    category: "ASO",
    author: "Camille Laurent",
    published_at: new Date(Date.now() + 48 * hour).toISOString(),
  });

  await openPosts(page);
  await page.getByLabel("Search posts").fill(tag);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText("Showing 1–3 of 3 posts")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(row(page, `Gamma ${tag}`).getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(row(page, `Gamma ${tag}`).getByText("Camille Laurent")).toBeVisible();
  await expect(row(page, `Beta ${tag}`).getByText("FR", { exact: true })).toBeVisible();
  const status = page.getByRole("group", { name: "Status" });
  // The counts follow the search: one post in each state.
  for (const state of ["Draft", "Published", "Scheduled"]) {
    await expect(status.getByRole("button", { name: new RegExp(`^${state}\\s*1$`) })).toBeVisible();
  }

  await status.getByRole("button", { name: /^Scheduled/ }).click();
  await expect(status.getByRole("button", { name: /^Scheduled/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, `Gamma ${tag}`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]status=scheduled/);

  await status.getByRole("button", { name: /^All/ }).click();
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "French" }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(row(page, `Beta ${tag}`)).toBeVisible();

  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "All languages" }).click();
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "ASO" }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(page).toHaveURL(/[?&]category=ASO/);

  // Sorted by publication date: newest first (the scheduled post), then oldest first; a post
  // never published comes last either way.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await page.getByLabel("Search posts").fill(tag);
  await expect(rows(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Published", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Published" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect.poll(() => rowTitles(page)).toEqual([`Gamma ${tag}`, `Beta ${tag}`, `Alpha ${tag}`]);
  await page.getByRole("button", { name: "Published", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Published" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect.poll(() => rowTitles(page)).toEqual([`Beta ${tag}`, `Gamma ${tag}`, `Alpha ${tag}`]);
  await expect(page).toHaveURL(/[?&]sort=published&dir=asc/);

  // The address alone brings the same list back.
  await page.reload();
  await expect(page.getByLabel("Search posts")).toHaveValue(tag);
  await expect.poll(() => rowTitles(page)).toEqual([`Beta ${tag}`, `Gamma ${tag}`, `Alpha ${tag}`]);

  await page.getByLabel("Search posts").fill(`nothing-${tag}`);
  await expect(page.getByText("No blog posts found")).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
});

test("staff publish and unpublish from the list; a post that was live asks about its date", async ({
  page,
}) => {
  const original = "2026-03-02T09:30:00.000Z";
  await createPost({ title: `Fresh ${tag}`, slug: `fresh-${tag}`, language: "en" });
  await createPost({
    title: `Again ${tag}`,
    slug: `again-${tag}`,
    language: "en",
    status: "draft",
    published_at: original,
  });
  await openPosts(page, `&q=${tag}`);
  await expect(rows(page)).toHaveCount(2);

  // Never published: published at once, dated now.
  const before = Date.now();
  await row(page, `Fresh ${tag}`)
    .getByRole("button", { name: `Publish Fresh ${tag}`, exact: true })
    .click();
  await expect(page.getByText("Post published")).toBeVisible();
  await expect(row(page, `Fresh ${tag}`).getByText("Published", { exact: true })).toBeVisible();
  const fresh = await storedPost("en", `fresh-${tag}`);
  expect(fresh?.status).toBe("published");
  expect(Date.parse(fresh!.published_at!)).toBeGreaterThan(before - 60_000);

  // Live before: the editor's question, and Escape publishes nothing.
  const publishAgain = row(page, `Again ${tag}`).getByRole("button", {
    name: `Publish Again ${tag}`,
    exact: true,
  });
  const dialog = page.getByRole("dialog", { name: "Publish this post again?" });
  await publishAgain.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  expect((await storedPost("en", `again-${tag}`))?.status).toBe("draft");
  await publishAgain.click();
  await dialog.getByRole("button", { name: "Keep the original date" }).click();
  await expect(row(page, `Again ${tag}`).getByText("Published", { exact: true })).toBeVisible();
  const kept = await storedPost("en", `again-${tag}`);
  expect(kept?.status).toBe("published");
  expect(Date.parse(kept!.published_at!)).toBe(Date.parse(original));

  // Unpublishing asks first; cancelled, nothing changes.
  const unpublish = row(page, `Again ${tag}`).getByRole("button", {
    name: `Unpublish Again ${tag}`,
  });
  const confirm = page.getByRole("dialog", { name: "Unpublish this post?" });
  await unpublish.click();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  expect((await storedPost("en", `again-${tag}`))?.status).toBe("published");
  await unpublish.click();
  await confirm.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Post unpublished")).toBeVisible();
  await expect(row(page, `Again ${tag}`).getByText("Draft", { exact: true })).toBeVisible();
  const unpublished = await storedPost("en", `again-${tag}`);
  expect(unpublished?.status).toBe("draft");
  // A draft keeps its date.
  expect(Date.parse(unpublished!.published_at!)).toBe(Date.parse(original));

  // Published as new: dated now.
  const asNew = Date.now();
  await publishAgain.click();
  await dialog.getByRole("button", { name: "Publish as new" }).click();
  await expect(row(page, `Again ${tag}`).getByText("Published", { exact: true })).toBeVisible();
  expect(Date.parse((await storedPost("en", `again-${tag}`))!.published_at!)).toBeGreaterThan(
    asNew - 60_000,
  );
});

/** The prerendered HTML of a path, as a crawler gets it: no JavaScript. */
async function prerendered(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  return { status: response.status(), html: await response.text() };
}

/** The hreflang alternates in a page's head: language → address. */
function hreflangs(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link[^>]*rel="alternate"[^>]*>/g)].flatMap(([tag]) => {
      const lang = /hreflang="([^"]*)"/i.exec(tag)?.[1];
      const href = /href="([^"]*)"/.exec(tag)?.[1];
      return lang && href ? [[lang, href]] : [];
    }),
  );
}

/** Where the page's language toggles lead (the header's and the mobile menu's). */
function toggleTargets(html: string): string[] {
  return [...html.matchAll(/<a[^>]*data-testid="language-toggle"[^>]*>/g)].map(
    ([tag]) => /href="([^"]*)"/.exec(tag)?.[1] ?? "",
  );
}

/** The `<url>` entry of the sitemap for `loc` (one a line), or "" when it lists none. */
async function sitemapEntry(request: APIRequestContext, loc: string) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  return sitemap.split("\n").find((entry) => entry.includes(`<loc>${loc}</loc>`)) ?? "";
}

// The site is refreshed a few seconds after a change; two changes may take two refreshes.
const refreshed = { intervals: [500], timeout: 60_000 };

test("staff create a post's translation from the list, edit and publish both; each prerendered page names the other", async ({
  page,
  request,
  baseURL,
}) => {
  const slug = `linked-${tag}`;
  const original = await createPost({
    title: `Linked post ${tag}`,
    slug,
    language: "en",
    status: "draft",
    excerpt: "An excerpt to translate.",
    content: "<p>A paragraph to translate.</p>",
    category: "Analytics",
    tags: "skan, ios",
    image_url: "/images/social-card.png",
    author: "Someone Else",
  });
  await openPosts(page, `&q=${tag}`);
  const originalRow = row(page, `Linked post ${tag}`);
  await originalRow
    .getByRole("button", { name: `Translate “Linked post ${tag}” into French` })
    .click();

  // The French draft opens in the editor, linked, with what it was made from.
  await expect(page.getByText("Translation created")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible({
    timeout: 20_000,
  });
  const draft = await storedPost("fr", slug);
  expect(draft).toMatchObject({
    title: `Linked post ${tag}`,
    status: "draft",
    excerpt: "An excerpt to translate.",
    content: "<p>A paragraph to translate.</p>",
    category: "Analytics",
    tags: "skan, ios",
    image_url: "/images/social-card.png",
    author: await staffDisplayName(),
    translation_group: original.translation_group,
  });
  await expect(page).toHaveURL(`/blog-editor/${draft!.id}`);
  await expect(page.getByRole("combobox", { name: "Language" })).toHaveText("French");
  await expect(
    page.getByRole("link", { name: `English translation: Linked post ${tag}` }),
  ).toBeVisible();

  const frenchTitle = `Article lié ${tag}`;
  const frenchSlug = `article-lie-${tag}`;
  await page.getByLabel("Title", { exact: true }).fill(frenchTitle);
  await expect(page.getByLabel("URL slug")).toHaveValue(frenchSlug);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved!")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\?tab=posts/);

  // The list shows each post's translation, and links to it.
  await page.getByLabel("Search posts").fill(tag);
  await expect(rows(page)).toHaveCount(2);
  await expect(
    originalRow.getByRole("link", { name: `French translation: ${frenchTitle}` }),
  ).toHaveAttribute("href", `/blog-editor/${draft!.id}`);
  await expect(
    row(page, frenchTitle).getByRole("link", { name: `English translation: Linked post ${tag}` }),
  ).toHaveAttribute("href", `/blog-editor/${original.id}`);

  await originalRow
    .getByRole("button", { name: `Publish Linked post ${tag}`, exact: true })
    .click();
  await expect(originalRow.getByText("Published", { exact: true }).first()).toBeVisible();
  await row(page, frenchTitle)
    .getByRole("button", { name: `Publish ${frenchTitle}`, exact: true })
    .click();
  await expect(
    row(page, frenchTitle).getByText("Published", { exact: true }).first(),
  ).toBeVisible();

  const englishPath = pathFor("blogPost", "en", { slug });
  const frenchPath = pathFor("blogPost", "fr", { slug: frenchSlug });
  const pair = {
    en: `${baseURL}${englishPath}`,
    fr: `${baseURL}${frenchPath}`,
    "x-default": `${baseURL}${englishPath}`,
  };
  // Both pages, each naming the other: the English page was built before its translation was
  // published, so this is the refresh rendering it again for its partner.
  for (const path of [englishPath, frenchPath]) {
    await expect
      .poll(async () => hreflangs((await prerendered(request, path)).html), refreshed)
      .toEqual(pair);
  }
  const english = await prerendered(request, englishPath);
  expect(english.status).toBe(200);
  expect(english.html).toContain(`Linked post ${tag}`);
  const toggles = toggleTargets(english.html);
  expect(toggles.length).toBeGreaterThan(0);
  for (const href of toggles) expect(href).toBe(frenchPath);
  for (const href of toggleTargets((await prerendered(request, frenchPath)).html)) {
    expect(href).toBe(englishPath);
  }

  // The sitemap lists the pair as alternates of each other.
  const alternates = Object.entries(pair)
    .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`)
    .join("");
  for (const loc of [pair.en, pair.fr]) {
    await expect.poll(() => sitemapEntry(request, loc), refreshed).toContain(alternates);
  }

  // With JavaScript, the toggle leads there too.
  await page.goto(englishPath);
  await expect(page.locator("article header h1")).toHaveText(`Linked post ${tag}`);
  await page.getByRole("banner").getByTestId("language-toggle").filter({ visible: true }).click();
  await expect(page).toHaveURL(frenchPath);
  await expect(page.locator("article header h1")).toHaveText(frenchTitle);

  // The translation unpublished: the English page is alone again, as before.
  await serviceClient().from("blog_posts").update({ status: "draft" }).eq("id", draft!.id);
  await expect
    .poll(async () => hreflangs((await prerendered(request, englishPath)).html), refreshed)
    .toEqual({ en: pair.en });
  expect(toggleTargets((await prerendered(request, englishPath)).html)).toContain(
    pathFor("blog", "fr"),
  );
  await expect.poll(() => sitemapEntry(request, pair.en), refreshed).not.toContain("hreflang");
});
