// Images uploaded in the editor (issue 22): the main image and inline images go to the
// post-images bucket, carry their size (and inline ones their alt text) into the post, and the
// published page, prerendered and in the browser, loads them from the bucket's public URLs.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { pathFor, siteRefreshTimeout } from "./support/site";
import { expect as baseExpect, test } from "./fixtures";
import { violationsOn } from "./support/axe";
import { deletePostsTagged, editorBody, openEditor, storedPost } from "./support/editor";
import {
  oversizedPng,
  pasteFile,
  pickFile,
  pngImage,
  postImagesPublicUrl,
  removeUploadedImages,
  textFile,
  transferOf,
} from "./support/images";
import { createPost, uniqueTag } from "./support/staff";

const expect = baseExpect.configure({ timeout: 15_000 });
// Sign-in, the editor's chunk, uploads, a publish and its refresh of the static site.
test.describe.configure({ timeout: 150_000 });

let tag = "";
const uploaded: string[] = [];
test.beforeEach(() => {
  tag = uniqueTag();
});
test.afterEach(async () => {
  await deletePostsTagged(tag);
  await removeUploadedImages(uploaded.splice(0));
});

const mainImage = (page: Page) => page.getByRole("group", { name: "Main image" });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]", { hasText: text });
const toolbarButton = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

/** Every upload the page sends to Storage. */
function uploadsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/storage/v1/object/")) {
      urls.push(request.url());
    }
  });
  return urls;
}

/** The attributes of an <img> that tell whether it is the uploaded image, described and sized. */
const imageAttributes = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) => ({
    src: element.getAttribute("src"),
    alt: element.getAttribute("alt"),
    width: element.getAttribute("width"),
    height: element.getAttribute("height"),
  }));

/** The file behind a public URL, as any visitor's browser gets it. */
async function publicImage(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  return {
    status: response.status(),
    type: response.headers()["content-type"],
    bytes: await response.body(),
  };
}

test("staff upload a main image and an inline image with alt text; the published post shows both, sized, from the bucket", async ({
  page,
  request,
  browser,
}) => {
  const title = `Uploaded images ${tag}`;
  const slug = `uploaded-images-${tag}`;
  const path = pathFor("blogPost", "en", { slug });
  const cover = pngImage("cover.png", 64, 36);
  const chart = pngImage("chart.png", 30, 20);
  const alt = `Installs by month ${tag}`;

  await openEditor(page);
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);

  // The main image: picked with the field's button, shown once it is stored.
  await pickFile(page, mainImage(page).getByRole("button", { name: "Upload image" }), cover);
  const preview = mainImage(page).getByRole("img", { name: "Main image preview" });
  await expect(preview).toHaveAttribute("src", new RegExp(`^${postImagesPublicUrl}`));
  const coverUrl = (await preview.getAttribute("src"))!;
  uploaded.push(coverUrl);
  expect(coverUrl).toMatch(/\/post-images\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
  expect(await imageAttributes(preview)).toMatchObject({ width: "64", height: "36" });
  await expect(page.getByLabel("Image address")).toHaveValue(coverUrl);
  await expect(mainImage(page).getByRole("button", { name: "Remove image" })).toBeVisible();

  // An inline image from the toolbar: described first, then uploaded and inserted.
  await editorBody(page).click();
  await page.keyboard.type("Growth, month by month.");
  await pickFile(page, toolbarButton(page, "Upload image"), chart);
  const dialog = page.getByRole("dialog", { name: "Describe the image" });
  await expect(dialog).toContainText("chart.png");
  await expect(dialog).toContainText("30 × 20 px");
  // The editor with its uploaded main image and the open dialog: nothing for axe to object to.
  expect(await violationsOn(page)).toEqual([]);
  await dialog.getByLabel("Alt text").fill(alt);
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog).toBeHidden();
  const inline = editorBody(page).locator("img");
  await expect(inline).toHaveAttribute("alt", alt);
  const chartUrl = (await inline.getAttribute("src"))!;
  uploaded.push(chartUrl);
  expect(chartUrl.startsWith(postImagesPublicUrl)).toBe(true);
  expect(await imageAttributes(inline)).toEqual({
    src: chartUrl,
    alt,
    width: "30",
    height: "20",
  });

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Post published!")).toBeVisible();
  const stored = await storedPost("en", slug);
  expect(stored).toMatchObject({ image_url: coverUrl, image_width: 64, image_height: 36 });
  expect(stored!.content).toContain(`<img src="${chartUrl}" alt="${alt}" width="30" height="20">`);

  // Both files answer at their public URLs, as images, to anyone.
  for (const [url, file] of [
    [coverUrl, cover],
    [chartUrl, chart],
  ] as const) {
    const image = await publicImage(request, url);
    expect(image.status).toBe(200);
    expect(image.type).toBe("image/png");
    expect(image.bytes.equals(file.buffer)).toBe(true);
  }

  // The prerendered page (built by the refresh publish triggers), as crawlers get it.
  await expect
    .poll(async () => (await request.get(path)).status(), {
      intervals: [250],
      timeout: siteRefreshTimeout,
    })
    .toBe(200);
  const html = await (await request.get(path)).text();
  expect(html).toContain(`src="${coverUrl}"`);
  expect(html).toContain(`<img src="${chartUrl}" alt="${alt}" width="30" height="20">`);
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const prerendered = await noScript.newPage();
    await prerendered.goto(path);
    expect(await imageAttributes(prerendered.locator("article > img"))).toEqual({
      src: coverUrl,
      alt: "",
      width: "64",
      height: "36",
    });
    expect(
      await imageAttributes(prerendered.getByTestId("post-body").getByRole("img", { name: alt })),
    ).toEqual({ src: chartUrl, alt, width: "30", height: "20" });
  } finally {
    await noScript.close();
  }

  // In the browser: the images load (the page's security policy lets them) at their size.
  await page.goto(path);
  await expect(page.locator("article header h1")).toHaveText(title);
  const pageCover = page.locator("article > img");
  const pageChart = page.getByTestId("post-body").getByRole("img", { name: alt });
  expect(await imageAttributes(pageCover)).toMatchObject({ src: coverUrl, width: "64" });
  expect(await imageAttributes(pageChart)).toMatchObject({ src: chartUrl, height: "20" });
  for (const [image, width] of [
    [pageCover, 64],
    [pageChart, 30],
  ] as const) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBe(width);
  }
  // The cover's box is the image's own proportions, reserved before it loads.
  const box = (await pageCover.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(64 / 36, 1);
});

test("a file over 5 MB and a file that is not an image are refused with a clear message; nothing is sent or inserted", async ({
  page,
}) => {
  const uploads = uploadsOf(page);
  await openEditor(page);
  const upload = mainImage(page).getByRole("button", { name: "Upload image" });

  await pickFile(page, upload, oversizedPng());
  await expect(mainImage(page).getByRole("alert")).toHaveText(
    "This image is larger than 5 MB. Choose a smaller one.",
  );
  await pickFile(page, upload, textFile);
  await expect(mainImage(page).getByRole("alert")).toHaveText(
    "Choose a JPEG, PNG, WebP or AVIF image.",
  );
  await expect(mainImage(page).getByRole("img")).toHaveCount(0);
  await expect(page.getByLabel("Image address")).toHaveValue("");

  // Inline: from the toolbar, and pasted into the body.
  await editorBody(page).click();
  await page.keyboard.type("No pictures here.");
  await pickFile(page, toolbarButton(page, "Upload image"), oversizedPng());
  await expect(toast(page, "This image is larger than 5 MB. Choose a smaller one.")).toContainText(
    "Image not added",
  );
  await pasteFile(page, editorBody(page), textFile);
  await expect(toast(page, "Choose a JPEG, PNG, WebP or AVIF image.")).toContainText(
    "Image not added",
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(editorBody(page).locator("img")).toHaveCount(0);
  await expect(editorBody(page)).toHaveText("No pictures here.");
  expect(uploads).toEqual([]);
});

test("an image pasted into the body asks for its alt text; decorative means empty alt; an existing image's alt text is edited", async ({
  page,
}) => {
  const slug = `alt-text-${tag}`;
  const post = await createPost({
    title: `Alt text ${tag}`,
    slug,
    language: "fr",
    status: "draft",
    author: "Growth Team",
    content: '<p>Avant</p><img src="/images/hero-growth.svg"><p>Après</p>',
  });
  await openEditor(page, post.id);

  // The stored image has no alt text: select it and give it one.
  await expect(toolbarButton(page, "Alt text")).toBeDisabled();
  await editorBody(page).locator('img[src="/images/hero-growth.svg"]').click();
  await toolbarButton(page, "Alt text").click();
  const edit = page.getByRole("dialog", { name: "Edit the alt text" });
  await edit.getByLabel("Alt text").fill("Une courbe de croissance");
  await edit.getByRole("button", { name: "Save alt text" }).click();
  await expect(edit).toBeHidden();
  await expect(editorBody(page).locator('img[src="/images/hero-growth.svg"]')).toHaveAttribute(
    "alt",
    "Une courbe de croissance",
  );

  // A pasted file: a decorative divider, so empty alt text, chosen on purpose.
  await editorBody(page).getByText("Après").click();
  await page.keyboard.press("End");
  await pasteFile(page, editorBody(page), pngImage("divider.png", 40, 4));
  const describe = page.getByRole("dialog", { name: "Describe the image" });
  await describe.getByRole("button", { name: "Insert image" }).click();
  await expect(describe.getByRole("alert")).toHaveText(
    "Describe the image, or mark it as decorative.",
  );
  await describe.getByRole("checkbox", { name: /Decorative image/ }).check();
  await describe.getByRole("button", { name: "Insert image" }).click();
  await expect(describe).toBeHidden();
  const divider = editorBody(page).locator(`img[src^="${postImagesPublicUrl}"]`);
  await expect(divider).toHaveAttribute("alt", "");
  uploaded.push((await divider.getAttribute("src"))!);

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Draft saved!")).toBeVisible();
  const content = (await storedPost("fr", slug))!.content!;
  expect(content).toContain('<img src="/images/hero-growth.svg" alt="Une courbe de croissance">');
  expect(content).toMatch(
    new RegExp(`<img src="${postImagesPublicUrl}[^"]+\\.png" alt="" width="40" height="4">`),
  );
});

test("an image dropped on the main image's field is uploaded and shown", async ({ page }) => {
  await openEditor(page);
  const zone = page.getByTestId("main-image-drop-zone");
  const dataTransfer = await transferOf(page, pngImage("dropped.png", 48, 27));
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
  const preview = mainImage(page).getByRole("img", { name: "Main image preview" });
  await expect(preview).toHaveAttribute("src", new RegExp(`^${postImagesPublicUrl}`));
  uploaded.push((await preview.getAttribute("src"))!);
  expect(await imageAttributes(preview)).toMatchObject({ width: "48", height: "27" });

  // Removing it leaves no image (and no size) behind.
  await mainImage(page).getByRole("button", { name: "Remove image" }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByLabel("Image address")).toHaveValue("");
  await expect(mainImage(page).getByRole("button", { name: "Upload image" })).toBeFocused();
});
