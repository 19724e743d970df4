import { waitForHydration } from "./support/hydration";
import { dictionaries } from "./support/site";
import { expect, test } from "./fixtures";
import { visiblePostSlugs } from "./support/posts";
import { serviceClient } from "./support/stack";

for (const language of ["en", "fr"] as const) {
  const t = dictionaries[language];
  const base = language === "fr" ? "/fr/blog" : "/blog";

  test(`${base} lists exactly the published, due posts in ${language}, newest first`, async ({
    page,
  }) => {
    // Other tests publish posts for a moment: compare until both sides agree.
    await expect(async () => {
      const expected = await visiblePostSlugs(language);
      expect(expected.length).toBeGreaterThanOrEqual(6);
      await page.goto(base);
      const links = page.getByRole("main").getByRole("link", { name: t.blog.readMore });
      await expect(links).toHaveCount(expected.length);
      const hrefs = await links.evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute("href")),
      );
      expect(hrefs).toEqual(expected.map((slug) => `${base}/${slug}`));
    }).toPass({ timeout: 30_000 });
  });

  test(`${base}: the category filter narrows the list and its URL can be reloaded`, async ({
    page,
  }) => {
    await page.goto(base);
    const filter = page.getByRole("navigation", { name: t.blog.filterLabel });
    await filter.getByRole("link", { name: t.categories.ASO }).click();
    await expect(page).toHaveURL(`${base}?category=aso`);
    // The filtered list is on screen (a click before hydration loads the page anew).
    await expect(filter.getByRole("link", { name: t.categories.ASO })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).not.toHaveCount(0);
    for (const badge of await cards.getByText(t.categories.ASO, { exact: true }).all()) {
      await expect(badge).toBeVisible();
    }
    const filtered = await cards.count();
    expect(filtered).toBeLessThan((await visiblePostSlugs(language)).length);

    await page.reload();
    await expect(filter.getByRole("link", { name: t.categories.ASO })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(cards).toHaveCount(filtered);

    await filter.getByRole("link", { name: t.blog.all }).click();
    await expect(page).toHaveURL(base);
  });

  test(`${base}: six skeleton cards show while a list is loading`, async ({ page }) => {
    await page.goto(base);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/rest/v1/blog_posts?**", async (route) => {
      await held;
      await route.continue();
    });
    const filter = page.getByRole("navigation", { name: t.blog.filterLabel });
    await filter.getByRole("link", { name: t.categories.Analytics }).click();
    await expect(page.getByTestId("post-skeleton")).toHaveCount(6);
    release();
    await expect(page.getByTestId("post-skeleton")).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  });
}

test("the long post renders every rich-text element", async ({ page }) => {
  await page.goto("/blog/mobile-user-acquisition-playbook");
  const body = page.getByTestId("post-body");
  await expect(page.locator("article header h1")).toHaveText(/user acquisition playbook/i);
  for (const selector of [
    "h1",
    "h2",
    "h3",
    "p",
    "strong",
    "em",
    "u",
    "s",
    "code",
    "pre code",
    "blockquote",
    "ul li",
    "ol li",
    'ul[data-type="taskList"] input[type="checkbox"]',
    "hr",
    "br",
    "a[href]",
    "img[src][alt][width][height]",
  ]) {
    await expect(body.locator(selector).first(), selector).toBeAttached();
  }
  // The seeded post's own byline (the sample posts keep theirs whatever the brand).
  const { data: post } = await serviceClient()
    .from("blog_posts")
    .select("author")
    .eq("slug", "mobile-user-acquisition-playbook")
    .single();
  await expect(page.getByText(dictionaries.en.blog.by(post!.author!))).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to blog" })).toHaveAttribute("href", "/blog");
});

test("a post with a video loads nothing from YouTube until asked", async ({ page }) => {
  const { data } = await serviceClient()
    .from("blog_posts")
    .select("slug")
    .eq("language", "en")
    .not("video_url", "is", null)
    .eq("status", "published")
    .limit(1)
    .single();
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  await page.goto(`/blog/${data?.slug}`);
  const play = page.getByRole("button", { name: /Play the video/ });
  await expect(play).toBeVisible();
  await waitForHydration(page);
  expect(requests.some((url) => new URL(url).hostname.includes("youtube"))).toBe(false);
  await page.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ body: "<p>video</p>", contentType: "text/html" }),
  );
  await play.click();
  await expect(
    page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]'),
  ).toBeAttached();
});

test.describe("posts visitors may not see", () => {
  test.use({ allowConsoleErrors: [/406|Not Acceptable/] });

  const cases = [
    ["a draft", "en", "draft"],
    ["a scheduled post", "fr", "future"],
  ] as const;

  for (const [label, language, kind] of cases) {
    test(`${label} shows the not-found toast and lands on the list`, async ({ page }) => {
      const query = serviceClient().from("blog_posts").select("slug").eq("language", language);
      const { data } =
        kind === "draft"
          ? await query.eq("status", "draft").limit(1).single()
          : await query
              .eq("status", "published")
              .gt("published_at", new Date().toISOString())
              .limit(1)
              .single();
      const t = dictionaries[language];
      const list = language === "fr" ? "/fr/blog" : "/blog";
      await page.goto(`${list}/${data?.slug}`);
      await expect(page.getByText(t.blog.notFound)).toBeVisible();
      await expect(page).toHaveURL(list);
    });
  }

  test("an English slug under /fr is not found", async ({ page }) => {
    await page.goto("/fr/blog/mobile-user-acquisition-playbook");
    await expect(page.getByText("Article introuvable")).toBeVisible();
    await expect(page).toHaveURL("/fr/blog");
  });
});

// The site's Content Security Policy reports the handlers it blocks: defence in depth, expected.
test.describe("hostile HTML", () => {
  test.use({ allowConsoleErrors: [/Content Security Policy/] });

  test("hostile HTML stored in a post never executes and its dangerous parts never reach the DOM", async ({
    page,
  }) => {
    const slug = `xss-probe-${Date.now()}`;
    const content = [
      "<p>safe text</p>",
      "<script>window.__xss = 'script'</script>",
      '<img src="x" onerror="window.__xss = \'onerror\'">',
      "<a href=\"javascript:window.__xss='href'\">js link</a>",
      '<a href="data:text/html,<script>alert(1)</script>">data link</a>',
      '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+" alt="d">',
      '<svg><animate onbegin="window.__xss=\'svg\'" attributeName="x" dur="1s"/></svg>',
      '<p style="position:fixed;inset:0" onclick="window.__xss=\'click\'">styled</p>',
      "<iframe src=\"javascript:window.__xss='iframe'\"></iframe>",
      // Unclosed on purpose (a mutation-XSS classic), so it comes last.
      "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__xss='mxss'\">",
    ].join("");
    const { error } = await serviceClient()
      .from("blog_posts")
      .insert({
        title: "XSS probe",
        slug,
        language: "en",
        status: "published",
        published_at: new Date(Date.now() - 60_000).toISOString(),
        content,
        excerpt: "<img src=x onerror=\"window.__xss='excerpt'\">",
      });
    expect(error).toBeNull();
    try {
      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(`/blog/${slug}`);
      const body = page.getByTestId("post-body");
      await expect(body.getByText("safe text")).toBeVisible();
      await body.getByText("styled").click();
      await body
        .getByText("js link")
        .click({ noWaitAfter: true })
        .catch(() => undefined);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      const html = await body.innerHTML();
      expect(html).not.toMatch(
        /<script|<iframe|<svg|<math|<style|onerror|onclick|onbegin|javascript:|data:|style=/i,
      );
    } finally {
      await serviceClient().from("blog_posts").delete().eq("slug", slug);
    }
  });
});
