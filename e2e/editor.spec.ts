import { expect as baseExpect, test } from "./fixtures";
import {
  deletePostsTagged,
  editorBody,
  expectPublicPost,
  localDateTimeFromNow,
  openEditor,
  storedPost,
} from "./support/editor";
import { serviceClient } from "./support/stack";
import {
  createPost,
  staffDisplayName,
  staffEmail,
  structuredData,
  uniqueTag,
} from "./support/staff";

// Where the editor leads back to, and where a saved post lands: the staff list of posts.
const postsList = "/admin?tab=posts";

// PostgREST answers a refused write (409) or a missing row (406) with an error status, which
// Chromium logs as a failed resource.
// (One pattern: a fixture option given as an array of two is read as [value, options].)
const expectedErrors = /Failed to load resource|Failed to load blog post/;

// Each test signs in and loads the editor chunk, then saves and checks the public site: more
// steps than the defaults allow for on a busy machine.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

let tag = "";
test.beforeEach(() => {
  tag = uniqueTag();
});
test.afterEach(async () => {
  await deletePostsTagged(tag);
});

test("staff write a French draft, publish it, and take it back to draft", async ({ page }) => {
  const title = `Croissance mobile ${tag}`;
  const slug = `croissance-mobile-${tag}`;
  // A new post is signed with the staff member's display name, never the login e-mail.
  const byline = await staffDisplayName();
  expect(byline).not.toContain("@");
  await openEditor(page);

  await expect(page.getByRole("combobox", { name: "Language" })).toHaveText("French");
  await expect(page.getByLabel("Author")).toHaveValue(byline);
  await expect(page.getByTestId("post-status").first()).toHaveText("Draft");

  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("URL slug")).toHaveValue(slug);
  await page.getByLabel("Excerpt").fill("Un court résumé.");
  await editorBody(page).click();
  await page.keyboard.type("Premier paragraphe.");
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "ASO" }).click();
  await page.getByRole("switch", { name: "Featured post" }).click();
  await expect(page.getByText("Featured", { exact: true })).toBeVisible();
  await page.getByLabel("Video URL").fill("https://youtu.be/dQw4w9WgXcQ");
  await page.getByRole("tab", { name: "SEO" }).click();
  await page.getByLabel("Meta title").fill("Croissance mobile");
  await expect(page.getByText("17/60")).toBeVisible();
  await page.getByLabel("Tags").fill("ASO, iOS");

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved!")).toBeVisible();
  await expect(page.getByText("Your changes have been saved as a draft.")).toBeVisible();
  await expect(page).toHaveURL(postsList);

  const draft = await storedPost("fr", slug);
  expect(draft).toMatchObject({
    title,
    status: "draft",
    language: "fr",
    category: "ASO",
    featured: true,
    excerpt: "Un court résumé.",
    content: "<p>Premier paragraphe.</p>",
    meta_title: "Croissance mobile",
    tags: "ASO, iOS",
    author: byline,
    video_url: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    published_at: null,
  });
  await expectPublicPost(page, `/fr/blog/${slug}`, title, false);

  // Publish it.
  await page.goto(`/blog-editor/${draft!.id}`);
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Post published!")).toBeVisible();
  await expect(page.getByText("Your blog post is now live on the website.")).toBeVisible();
  await expect(page).toHaveURL(postsList);
  const published = await storedPost("fr", slug);
  expect(published?.status).toBe("published");
  expect(published?.published_at).not.toBeNull();

  // The lists are prerendered at build time, so they are checked after an in-app visit, which
  // reads them live: the post page's back link, and the English post path that sends visitors
  // back to the English list.
  await expectPublicPost(page, `/fr/blog/${slug}`, title, true);
  // The byline and the structured data name the display name; the e-mail is nowhere.
  await expect(page.locator("article header")).toContainText(`Par ${byline}`);
  await expect
    .poll(async () => (await structuredData(page)).find((data) => data["@type"] === "BlogPosting"))
    .toMatchObject({ author: { "@type": "Person", name: byline } });
  expect(await page.content()).not.toContain(staffEmail);
  await page.locator('article a[href="/fr/blog"]').first().click();
  await expect(page).toHaveURL("/fr/blog");
  await expect(page.locator(`main a[href="/fr/blog/${slug}"]`).first()).toBeVisible();
  await expectPublicPost(page, `/blog/${slug}`, title, false);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expect(page.locator(`main a[href$="/${slug}"]`)).toHaveCount(0);

  // And back to draft: gone from the site again.
  await page.goto(`/blog-editor/${draft!.id}`);
  await expect(page.getByTestId("post-status").first()).toHaveText("Published");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved!")).toBeVisible();
  expect((await storedPost("fr", slug))?.status).toBe("draft");
  await expectPublicPost(page, `/fr/blog/${slug}`, title, false);
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expect(page.locator(`main a[href="/fr/blog/${slug}"]`)).toHaveCount(0);
});

test("a post scheduled two minutes ahead stays hidden until its time", async ({ page }) => {
  const title = `Planned ${tag}`;
  const slug = `planned-${tag}`;
  await openEditor(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByRole("radio", { name: /Schedule for later/ }).check();
  await expect(page.getByText(/Your time zone: /)).toBeVisible();
  await page.getByLabel("Publish date and time").fill(await localDateTimeFromNow(page, 2));
  await expect(page.getByTestId("schedule-summary")).toContainText("visitors see this post from");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Post published!")).toBeVisible();

  const stored = await storedPost("fr", slug);
  expect(stored?.status).toBe("published");
  const due = Date.parse(stored!.published_at!);
  expect(due).toBeGreaterThan(Date.now());
  expect(due).toBeLessThanOrEqual(Date.now() + 2 * 60_000);
  await expectPublicPost(page, `/fr/blog/${slug}`, title, false);

  // Staff see it as scheduled, with its time.
  await page.goto(`/blog-editor/${stored!.id}`);
  await expect(page.getByTestId("post-status").first()).toHaveText("Scheduled");
  await expect(page.getByRole("radio", { name: /Schedule for later/ })).toBeChecked();
  await expect(page.getByText(/Scheduled: goes live on/)).toBeVisible();

  // Its time comes (moved into the past rather than waiting): visitors see it.
  const { error } = await serviceClient()
    .from("blog_posts")
    .update({ published_at: new Date(Date.now() - 60_000).toISOString() })
    .eq("id", stored!.id);
  expect(error).toBeNull();
  await expectPublicPost(page, `/fr/blog/${slug}`, title, true);
});

test("a javascript: link is refused, an https link is kept", async ({ page }) => {
  await openEditor(page);
  await editorBody(page).click();
  await page.keyboard.type("Click here");
  await page.keyboard.press("ControlOrMeta+a");

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Enter URL:");
    void dialog.accept("javascript:alert(document.cookie)");
  });
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await expect(page.getByText("Link not allowed")).toBeVisible();
  await expect(editorBody(page).locator("a")).toHaveCount(0);

  page.once("dialog", (dialog) => void dialog.accept("https://appgrove.example/growth"));
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await expect(editorBody(page).locator('a[href="https://appgrove.example/growth"]')).toHaveText(
    "Click here",
  );
  await expect(page.getByRole("button", { name: "Link", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});

test("pasted image data is refused; a pasted file that is no image is not added", async ({
  page,
}) => {
  await openEditor(page);
  await editorBody(page).click();
  await editorBody(page).evaluate((element) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<p>Pasted words</p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">',
    );
    data.setData("text/plain", "Pasted words");
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByText("Image not allowed")).toBeVisible();
  await expect(editorBody(page)).toContainText("Pasted words");
  await expect(editorBody(page).locator("img")).toHaveCount(0);

  // Four bytes of a PNG signature are no image: checked, refused, never uploaded
  // (e2e/editor-upload.spec.ts uploads real ones).
  await editorBody(page).evaluate((element) => {
    const data = new DataTransfer();
    data.items.add(
      new File([new Uint8Array([137, 80, 78, 71])], "shot.png", { type: "image/png" }),
    );
    element.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  });
  await expect(page.getByText("Choose a JPEG, PNG, WebP or AVIF image.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(editorBody(page).locator("img")).toHaveCount(0);

  // An image by its address refuses a data: address, and takes an https one with alt text.
  const byAddress = page.getByRole("button", { name: "Image from address", exact: true });
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Enter image URL:");
    void dialog.accept("data:image/png;base64,AAAA");
  });
  await byAddress.click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(editorBody(page).locator("img")).toHaveCount(0);
  page.once("dialog", (dialog) => void dialog.accept("/images/hero-growth.svg"));
  await byAddress.click();
  const describe = page.getByRole("dialog", { name: "Describe the image" });
  await describe.getByLabel("Alt text").fill("A growth curve");
  await describe.getByRole("button", { name: "Insert image" }).click();
  await expect(
    editorBody(page).locator('img[src="/images/hero-growth.svg"][alt="A growth curve"]'),
  ).toHaveCount(1);
});

test("the preview is exactly the public page's post body", async ({ page }) => {
  const title = `Preview parity ${tag}`;
  const slug = `preview-parity-${tag}`;
  await openEditor(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Excerpt").fill("What the list shows.");
  const body = editorBody(page);
  await body.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("A section");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Some ");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("bold");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" and ");
  await page.getByRole("button", { name: "Inline code" }).click();
  await page.keyboard.type("code");
  await page.getByRole("button", { name: "Inline code" }).click();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Bullet list" }).click();
  await page.keyboard.type("First");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Second");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Blockquote" }).click();
  await page.keyboard.type("Quoted ");
  page.once("dialog", (dialog) => void dialog.accept("mailto:hello@appgrove.example"));
  await page.getByRole("button", { name: "Link", exact: true }).click();
  await expect(body.locator("h2")).toHaveText("A section");
  await expect(body.locator("ul li")).toHaveCount(2);

  await page.getByRole("tab", { name: "Preview" }).click();
  const preview = page.getByTestId("post-preview");
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(preview.getByText("What the list shows.")).toBeVisible();
  const previewHtml = await preview.getByTestId("post-body").innerHTML();
  expect(previewHtml).toContain("<h2>A section</h2>");
  expect(previewHtml).toContain('href="mailto:hello@appgrove.example"');

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(postsList);
  await page.goto(`/fr/blog/${slug}`);
  await expect(page.locator("article header h1")).toHaveText(title);
  expect(await page.getByTestId("post-body").innerHTML()).toBe(previewHtml);
});

test.describe("with the expected failed request", () => {
  test.use({ allowConsoleErrors: [expectedErrors] });

  test("a slug already used in the language gets a clear message", async ({ page }) => {
    const slug = `taken-${tag}`;
    await createPost({ title: "Already here", slug, language: "fr", status: "draft" });
    await openEditor(page);
    await page.getByLabel("Title", { exact: true }).fill(`Taken ${tag}`);
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();
    await expect(page.getByLabel("URL slug")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL("/blog-editor/new");
    await expect(page.getByRole("button", { name: "Save Draft" })).toBeEnabled();

    // The same slug is free in English: the staff member retries there.
    await page.getByRole("combobox", { name: "Language" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Draft saved!")).toBeVisible();
    expect((await storedPost("en", slug))?.title).toBe(`Taken ${tag}`);
  });

  test("a post that cannot be loaded sends staff back to /admin", async ({ page }) => {
    await openEditor(page);
    await page.goto("/blog-editor/00000000-0000-4000-8000-000000000000");
    await expect(page.getByText("Failed to load blog post")).toBeVisible();
    await expect(page).toHaveURL(postsList);
  });
});

test("leaving with unsaved changes asks first", async ({ page }) => {
  await openEditor(page);
  // Nothing changed yet: leaving is free.
  await page.getByRole("link", { name: "Back to admin" }).click();
  await expect(page).toHaveURL(postsList);
  await page.goBack();
  await expect(page).toHaveURL("/blog-editor/new");

  await page.getByLabel("Title", { exact: true }).fill(`Unsaved ${tag}`);
  await page.getByRole("link", { name: "Back to admin" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/blog-editor/new");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Unsaved ${tag}`);

  // The browser's back and forward buttons ask too; staying keeps the page.
  await page.goForward();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL("/blog-editor/new");
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Unsaved ${tag}`);

  await page.getByRole("link", { name: "Back to admin" }).click();
  await dialog.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(postsList);
  expect(await storedPost("fr", `unsaved-${tag}`)).toBeNull();
});

test("closing the tab with unsaved changes asks the browser to confirm", async ({ page }) => {
  await openEditor(page);
  await page.getByLabel("Title", { exact: true }).fill(`Unsaved ${tag}`);
  const dialog = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const prompt = await dialog;
  expect(prompt.type()).toBe("beforeunload");
  await prompt.accept();
});

test("visitors who are not staff cannot open the editor", async ({ page }) => {
  await page.goto("/blog-editor/new");
  await expect(page).toHaveURL("/admin?next=%2Fblog-editor%2Fnew");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("the editor's shell preloads all its code: no script is asked for once it runs", async ({
  page,
}) => {
  await openEditor(page);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  // Opened afresh, as from a link: the host answers with the editor's shell.
  await page.reload();
  await expect(editorBody(page)).toBeVisible();
  const shell = await (await page.request.get("/spa-blog-editor.html")).text();
  const fromShell = new Set(
    [
      ...shell.matchAll(
        /<(?:script type="module"|link rel="modulepreload") crossorigin (?:src|href)="([^"]+)"/g,
      ),
    ].map((tag) => tag[1]!),
  );
  expect(fromShell.size).toBeGreaterThan(10);
  expect([...fromShell].some((path) => path.includes("/rich-text-editor-"))).toBe(true);
  expect(scripts.filter((path) => !fromShell.has(path))).toEqual([]);
});
