import { expect, type Page } from "@playwright/test";
import { serviceClient } from "./stack";
import { signInAsStaff } from "./staff";

/** Signs in through the /admin login form, then opens `/blog-editor/{id}`. */
export async function openEditor(page: Page, id = "new") {
  await page.goto("/admin");
  await signInAsStaff(page);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await page.goto(`/blog-editor/${id}`);
  // The editor is its own (large) chunk: give a busy machine time for its first load.
  await expect(
    page.getByRole("heading", { level: 1, name: id === "new" ? "Create New Post" : "Edit Post" }),
  ).toBeVisible({ timeout: 20_000 });
}

/** The editable body of the rich-text editor. */
export function editorBody(page: Page) {
  return page.locator("#post-content-editor");
}

/** The stored row for a slug in a language (service role: drafts and scheduled posts too). */
export async function storedPost(language: "en" | "fr", slug: string) {
  const { data, error } = await serviceClient()
    .from("blog_posts")
    .select("*")
    .eq("language", language)
    .eq("slug", slug)
    .maybeSingle();
  if (error) throw error;
  return data;
}

/** Deletes every post whose slug carries the tag (each test tags its slugs). */
export async function deletePostsTagged(tag: string) {
  const { error } = await serviceClient().from("blog_posts").delete().like("slug", `%${tag}%`);
  if (error) throw error;
}

/** A datetime-local value `minutes` from now, in the browser's time zone. */
export async function localDateTimeFromNow(page: Page, minutes: number): Promise<string> {
  return page.evaluate((offset) => {
    const date = new Date(Date.now() + offset * 60_000);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
      date.getHours(),
    )}:${pad(date.getMinutes())}`;
  }, minutes);
}

/** Whether the public post page shows the post (a missing post sends visitors to the list). */
export async function expectPublicPost(page: Page, path: string, title: string, visible: boolean) {
  await page.goto(path);
  if (visible) {
    await expect(page.locator("article header h1")).toHaveText(title);
  } else {
    await expect(page).toHaveURL(path.replace(/\/[^/]+$/, ""));
    await expect(page.locator("article header h1", { hasText: title })).toHaveCount(0);
  }
}
