// The staff workspace as staff use it: its own shell, the way back to the editor after signing
// in, re-publishing a post, and the newsletter's subscribers.
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { deletePostsTagged, openEditor, storedPost } from "./support/editor";
import { serviceClient } from "./support/stack";
import {
  createPost,
  signInAsStaff,
  staffDisplayName,
  staffEmail,
  staffSection,
  uniqueTag,
} from "./support/staff";

test("the workspace has its own shell: sections, who is signed in and sign-out, no public navigation", async ({
  page,
}) => {
  await page.goto("/admin");
  // Signed out: the brand and the form, nothing of the public site.
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Book Free Consultation" })).toHaveCount(0);
  await expect(page.getByTestId("language-toggle")).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  await signInAsStaff(page);
  // Administrators land on the Overview.
  await expect(staffSection(page, "Overview")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  // Who is signed in: the profile's display name, never the login e-mail.
  await expect(page.getByRole("banner")).toContainText(await staffDisplayName());
  await expect(page.getByRole("banner")).not.toContainText(staffEmail);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Each section is an address of its own, reached from the keyboard.
  await staffSection(page, "Posts").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\?tab=posts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  await staffSection(page, "Subscribers").click();
  await expect(page).toHaveURL(/\/admin\?tab=subscribers$/);
  await page.reload();
  await expect(staffSection(page, "Subscribers")).toHaveAttribute("aria-current", "page");
  await staffSection(page, "Profile").click();
  await expect(page.getByRole("heading", { level: 1, name: "Profile" })).toBeVisible();
  await expect(page.getByLabel("Display name")).toHaveValue(await staffDisplayName());

  // The editor sits in the same shell.
  await page.goto("/blog-editor/new");
  await expect(page.getByRole("heading", { level: 1, name: "Create New Post" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(staffSection(page, "Posts")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book Free Consultation" })).toHaveCount(0);
});

test("staff sent from the editor to sign in come back to the editor", async ({ page }) => {
  const tag = uniqueTag();
  const post = await createPost({
    title: `Return ${tag}`,
    slug: `return-${tag}`,
    language: "en",
    status: "draft",
  });
  try {
    await page.goto(`/blog-editor/${post.id}`);
    await expect(page).toHaveURL(/\/admin\?next=/);
    await signInAsStaff(page);
    await expect(page).toHaveURL(`/blog-editor/${post.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`Return ${tag}`);
  } finally {
    await deletePostsTagged(tag);
  }
});

test("publishing a post again asks whether it keeps its original date", async ({ page }) => {
  const tag = uniqueTag();
  const original = "2026-03-02T09:30:00.000Z";
  const slug = `again-${tag}`;
  const post = await createPost({
    title: `Again ${tag}`,
    slug,
    author: "Camille Laurent",
    language: "en",
    status: "draft",
    published_at: original,
  });
  try {
    await openEditor(page, post.id);
    await page.getByRole("button", { name: "Publish" }).click();
    const dialog = page.getByRole("dialog", { name: "Publish this post again?" });
    await expect(dialog).toBeVisible();
    // Escape publishes nothing.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    expect((await storedPost("en", slug))?.status).toBe("draft");

    await page.getByRole("button", { name: "Publish" }).click();
    await dialog.getByRole("button", { name: "Keep the original date" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    expect(await storedPost("en", slug)).toMatchObject({ status: "published" });
    expect(Date.parse((await storedPost("en", slug))!.published_at!)).toBe(Date.parse(original));

    // Back to draft, then published as new: dated now.
    await serviceClient().from("blog_posts").update({ status: "draft" }).eq("id", post.id);
    await page.goto(`/blog-editor/${post.id}`);
    await page.getByRole("button", { name: "Publish" }).click();
    const before = Date.now();
    await dialog.getByRole("button", { name: "Publish as new" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    const republished = Date.parse((await storedPost("en", slug))!.published_at!);
    expect(republished).toBeGreaterThan(before - 60_000);
  } finally {
    await deletePostsTagged(tag);
  }
});

test("staff see the subscribers by status, search them and export the confirmed addresses", async ({
  page,
}) => {
  const tag = uniqueTag();
  const rows = [
    { email: `confirmed-${tag}@example.com`, language: "fr", status: "confirmed" },
    { email: `pending-${tag}@example.com`, language: "en", status: "pending" },
    { email: `left-${tag}@example.com`, language: "en", status: "unsubscribed" },
  ];
  const { error } = await serviceClient()
    .from("newsletter_subscribers")
    .insert(
      rows.map((row) => ({
        ...row,
        confirmed_at: row.status === "pending" ? null : new Date().toISOString(),
        unsubscribed_at: row.status === "unsubscribed" ? new Date().toISOString() : null,
      })),
    );
  if (error) throw error;
  try {
    await page.goto("/admin?tab=subscribers");
    await signInAsStaff(page);
    const table = page.getByRole("region", { name: "Subscribers" });
    await page.getByLabel("Search subscribers").fill(tag);
    for (const row of rows) await expect(table.getByText(row.email)).toBeVisible();
    await expect(page.getByText("Showing 1–3 of 3 subscribers")).toBeVisible();

    const status = page.getByRole("group", { name: "Status" });
    await status.getByRole("button", { name: /^Confirmed/ }).click();
    await expect(status.getByRole("button", { name: /^Confirmed/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(table.getByText(rows[0]!.email)).toBeVisible();
    await expect(table.getByText(rows[1]!.email)).toHaveCount(0);
    await expect(table.getByText(rows[2]!.email)).toHaveCount(0);

    // The search and the status are in the URL: a reload (or a shared link) shows the same list.
    await expect(page).toHaveURL(/[?&]status=confirmed(&|$)/);
    await page.reload();
    await expect(page.getByLabel("Search subscribers")).toHaveValue(tag);
    await expect(status.getByRole("button", { name: /^Confirmed/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(table.getByText(rows[0]!.email)).toBeVisible();
    await expect(table.getByText(rows[1]!.email)).toHaveCount(0);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export confirmed (CSV)" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^subscribers-confirmed-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "");
    expect(csv.split("\r\n")[0]).toBe('"Email","Language","Confirmed at"');
    expect(csv).toContain(`"${rows[0]!.email}","fr","`);
    expect(csv).not.toContain(rows[1]!.email);
    expect(csv).not.toContain(rows[2]!.email);
  } finally {
    await serviceClient().from("newsletter_subscribers").delete().like("email", `%-${tag}@%`);
  }
});
