import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { brand } from "../shared/site";
import { expect, test } from "./fixtures";
import { serviceClient } from "./support/stack";
import {
  createPlainUser,
  createPost,
  insertLeads,
  leadStatus,
  sessionStorageKey,
  signInAsStaff,
  staffEmail,
  staffSection,
  uniqueTag,
} from "./support/staff";

// A refused sign-in is a 400 from /auth/v1/token, which Chromium logs as a failed resource.
const failedSignIn = /status of 400/;

function leadRow(page: Page, name: string) {
  return page.getByTestId("lead").filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** Opens a lead's detail panel from its row; the panel is a dialog named after the lead. */
async function openLead(page: Page, name: string) {
  await leadRow(page, name).getByRole("link", { name, exact: true }).click();
  const panel = page.getByRole("dialog", { name });
  await expect(panel).toBeVisible();
  return panel;
}

async function staffFlag(page: Page) {
  return page.evaluate(() => localStorage.getItem("admin_authenticated"));
}

test.describe("sign-in", () => {
  test.use({ allowConsoleErrors: [failedSignIn] });

  test("the login form is noindex, titled and requires both fields", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveTitle(`Admin | ${brand.name}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();
  });

  test("a wrong password is refused with 'Login failed'", async ({ page }) => {
    await page.goto("/admin");
    await signInAsStaff(page, staffEmail, "not-the-password");
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page.getByText("Invalid credentials")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect.poll(() => staffFlag(page)).toBeNull();
  });

  test("a signed-in user without the staff role is signed out and refused", async ({ page }) => {
    const user = await createPlainUser();
    await page.goto("/admin");
    await signInAsStaff(page, user.email, user.password);
    await expect(page.getByText("Login failed")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(staffSection(page, "Leads")).toHaveCount(0);
    await expect.poll(() => staffFlag(page)).toBeNull();
    await expect.poll(() => sessionStorageKey(page)).toBeNull();
  });
});

test("staff sign in, see every lead and qualify one; the change and the session survive a reload", async ({
  page,
}) => {
  const tag = uniqueTag();
  const [older, newer] = await insertLeads([
    {
      name: `Olivia ${tag}`,
      email: `olivia-${tag}@example.com`,
      phone: "+33 6 12 34 56 78",
      company: `Orbit ${tag}`,
      website: "https://orbit.example.com",
      budget: "5k-10k",
      message: "We need ASO help.\nSecond line.",
      source: "contact",
      language: "fr",
    },
    {
      name: `Noah ${tag}`,
      email: `noah-${tag}@example.com`,
      source: "homepage",
      language: "en",
    },
  ]);

  await page.goto("/admin?tab=leads");
  await signInAsStaff(page);
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByText("Welcome to the admin panel")).toBeVisible();
  await expect(staffSection(page, "Leads")).toHaveAttribute("aria-current", "page");
  expect(await staffFlag(page)).toBe("true");

  await page.getByLabel("Search leads").fill(tag);
  const rows = page.getByTestId("lead");
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.nth(0).getByRole("link")).toHaveText(newer!.name);
  await expect(rows.nth(1).getByRole("link")).toHaveText(older!.name);
  const when = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(older!.created_at));
  const row = leadRow(page, older!.name);
  await expect(row.locator("time")).toHaveText(when);
  for (const text of [older!.email, `Orbit ${tag}`, "Contact", "FR", "New"]) {
    await expect(row.getByText(text, { exact: true })).toBeVisible();
  }

  const panel = await openLead(page, older!.name);
  await expect(page).toHaveURL(new RegExp(`lead=${older!.id}`));
  for (const text of [
    older!.email,
    "+33 6 12 34 56 78",
    `Orbit ${tag}`,
    "https://orbit.example.com",
    "5k-10k",
    "We need ASO help.",
    "French",
  ]) {
    await expect(panel.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(panel.getByRole("link", { name: "Contact" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:olivia-${tag}@example\\.com\\?`),
  );
  const status = panel.getByRole("group", { name: "Status" });
  await expect(status.getByRole("button", { name: "New" })).toHaveAttribute("aria-pressed", "true");

  await status.getByRole("button", { name: "Qualified" }).click();
  await expect(status.getByRole("button", { name: "Qualified" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect.poll(() => leadStatus(older!.id)).toBe("qualified");
  // Who changed it, in the history (the profile suite may rename the staff account meanwhile).
  await expect(panel.getByRole("list", { name: "Status history, oldest first" })).toContainText(
    /New\s*→\s*Qualified\s*by \S+/,
  );

  // The search and the open lead are in the URL: a reload comes back to both.
  await page.reload();
  await expect(page.getByRole("dialog", { name: older!.name })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(staffSection(page, "Leads")).toBeVisible();
  await expect(page).not.toHaveURL(/lead=/);
  await expect(page.getByLabel("Search leads")).toHaveValue(tag);
  await expect(leadRow(page, older!.name).getByText("Qualified", { exact: true })).toBeVisible();
  await expect(leadRow(page, newer!.name).getByText("New", { exact: true })).toBeVisible();
});

test.describe("contact", () => {
  // Headless Chromium has no mail client registered for mailto: links.
  test.use({ allowConsoleErrors: [/mailto/i] });

  test("'Contact' opens an e-mail to the lead and marks it contacted", async ({ page }) => {
    const tag = uniqueTag();
    const [lead] = await insertLeads([
      { name: `Mia ${tag}`, email: `mia-${tag}@example.com`, source: "services", language: "en" },
    ]);
    await page.goto("/admin?tab=leads");
    await signInAsStaff(page);
    await page.getByLabel("Search leads").fill(tag);
    const panel = await openLead(page, lead!.name);
    await panel.getByRole("link", { name: "Contact" }).click();
    await expect(
      panel.getByRole("group", { name: "Status" }).getByRole("button", { name: "Contacted" }),
    ).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => leadStatus(lead!.id)).toBe("contacted");
    await expect(page).toHaveURL(/\/admin/);
  });
});

test("the CSV export holds exactly the filtered leads", async ({ page }) => {
  const tag = uniqueTag();
  const leads = await insertLeads([
    { name: `Ava ${tag}`, email: `ava-${tag}@example.com`, source: "about", language: "en" },
    {
      name: `=cmd ${tag}`,
      email: `eve-${tag}@example.com`,
      company: `Quote "and", comma ${tag}`,
      message: "line one\nline two",
      source: "contact",
      language: "fr",
    },
    { name: `Liam ${tag}`, email: `liam-${tag}@example.com`, source: "contact", language: "en" },
  ]);
  await serviceClient().from("leads").update({ status: "qualified" }).eq("id", leads[0]!.id);

  await page.goto("/admin?tab=leads");
  await signInAsStaff(page);
  await page.getByLabel("Search leads").fill(tag);
  await expect(page.getByTestId("lead")).toHaveCount(3);

  await page.getByRole("combobox", { name: "Source" }).click();
  await page.getByRole("option", { name: "Contact" }).click();
  await expect(page.getByTestId("lead")).toHaveCount(2);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.subarray(3).toString("utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(
    '"Created at","Name","Email","Phone","Company","Website","Budget","Message","Source","Language","Status"',
  );
  // Newest first, every cell quoted, the formula guarded, quotes doubled and the message kept
  // in one field.
  expect(lines[1]).toBe(
    `"${leads[2]!.created_at}","Liam ${tag}","liam-${tag}@example.com","","","","","","contact","en","new"`,
  );
  expect(csv).toContain(
    `"'=cmd ${tag}","eve-${tag}@example.com","","Quote ""and"", comma ${tag}","","","line one\nline two","contact","fr","new"\r\n`,
  );
  expect(csv).not.toContain(`ava-${tag}`);

  // Status filter narrows the export too.
  await page.getByRole("combobox", { name: "Source" }).click();
  await page.getByRole("option", { name: "All sources" }).click();
  await page
    .getByRole("group", { name: "Status" })
    .getByRole("button", { name: /^Qualified/ })
    .click();
  await expect(page.getByTestId("lead")).toHaveCount(1);
  const second = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const qualified = (await readFile((await (await second).path())!)).toString("utf8");
  expect(qualified.trim().split("\r\n")).toHaveLength(2);
  expect(qualified).toContain(`ava-${tag}@example.com`);

  await page.getByLabel("Search leads").fill(`nobody-${tag}`);
  await expect(page.getByText("No leads found")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
});

test.describe("lead list states", () => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test("the lead list shows its loading and error states", async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/rest/v1/leads?**", async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "database unavailable", code: "XX000" }),
      });
    });
    await page.goto("/admin?tab=leads");
    await signInAsStaff(page);
    await expect(page.getByText("Loading leads...")).toBeVisible();
    release();
    await expect(page.getByText("Failed to fetch leads: database unavailable")).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe("blog", () => {
  test.use({ allowConsoleErrors: [] });

  test("staff list every post and delete one after confirming; it leaves the public blog", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const slug = `admin-delete-${tag}`;
    const title = `Delete me ${tag}`;
    const draftTitle = `Draft ${tag}`;
    await createPost({
      title: draftTitle,
      slug: `admin-draft-${tag}`,
      status: "draft",
      language: "fr",
      content: "<p>Draft</p>",
    });
    const post = await createPost({
      title,
      slug,
      status: "published",
      language: "en",
      featured: true,
      excerpt: "A post for the staff test.",
      content: "<p>Short-lived.</p>",
      published_at: new Date(Date.now() - 60_000).toISOString(),
    });

    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    await page.goto("/admin");
    await signInAsStaff(page);
    await staffSection(page, "Posts").click();
    const row = page.getByTestId("post-row").filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row.getByText("Published", { exact: true })).toBeVisible();
    await expect(row.getByRole("img", { name: "Featured" })).toBeVisible();
    const draft = page.getByTestId("post-row").filter({ hasText: draftTitle });
    await expect(draft.getByText("Draft", { exact: true })).toBeVisible();
    await expect(draft.getByText("FR")).toBeVisible();
    await expect(row.getByRole("link", { name: `Edit ${title}` })).toHaveAttribute(
      "href",
      `/blog-editor/${post.id}`,
    );
    await expect(page.getByRole("link", { name: "New post" })).toHaveAttribute(
      "href",
      "/blog-editor/new",
    );

    // Cancelling keeps the post.
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this post?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Blog post deleted successfully")).toBeVisible();
    await expect(row).toHaveCount(0);
    const { data } = await serviceClient().from("blog_posts").select("id").eq("id", post.id);
    expect(data).toEqual([]);

    await page.goto(`/blog/${slug}`);
    await expect(page.getByText("Blog post not found")).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("main").getByText(title)).toHaveCount(0);
  });
});

test("logout clears the session and the flag, and the back button shows no staff data", async ({
  page,
}) => {
  const tag = uniqueTag();
  await insertLeads([
    { name: `Back ${tag}`, email: `back-${tag}@example.com`, source: "contact", language: "en" },
  ]);
  await page.goto("/");
  await page.goto("/admin?tab=leads");
  await signInAsStaff(page);
  await expect(page.getByText(`Back ${tag}`)).toBeVisible();
  await staffSection(page, "Posts").click();
  await expect(page).toHaveURL(/tab=posts/);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  // supabase-js removes its stored session as the sign-out settles, just after the form shows.
  await expect.poll(() => staffFlag(page)).toBeNull();
  await expect.poll(() => sessionStorageKey(page)).toBeNull();

  await page.goBack();
  await page.goForward();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText(`Back ${tag}`)).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Staff sections" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("a session ended in another tab sends this one back to the login form", async ({
  context,
}) => {
  const first = await context.newPage();
  await first.goto("/admin");
  await signInAsStaff(first);
  await expect(staffSection(first, "Leads")).toBeVisible();

  const second = await context.newPage();
  await second.goto("/admin");
  await expect(staffSection(second, "Leads")).toBeVisible();
  await second.getByRole("button", { name: "Logout" }).click();
  await expect(second.getByRole("button", { name: "Sign in" })).toBeVisible();

  await expect(first.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(first.getByText("Your session has ended. Please sign in again.")).toBeVisible();
});

test.describe("expired session", () => {
  // The refused refresh is a failed request that Chromium logs.
  test.use({ allowConsoleErrors: [/status of 4\d\d/] });

  test("a session that can no longer be refreshed returns to the form with a message", async ({
    context,
    page,
  }) => {
    await page.goto("/admin");
    await signInAsStaff(page);
    await expect(staffSection(page, "Leads")).toBeVisible();
    const key = (await sessionStorageKey(page))!;
    // Changed with no workspace open: a workspace still reading would refresh the broken
    // session itself, end it there, and the reload would find nothing to say.
    await page.close();
    const later = await context.newPage();
    await later.goto("/robots.txt");
    await later.evaluate((storageKey) => {
      const session = JSON.parse(localStorage.getItem(storageKey)!);
      session.expires_at = Math.floor(Date.now() / 1000) - 60;
      session.refresh_token = "revoked-refresh-token";
      localStorage.setItem(storageKey, JSON.stringify(session));
    }, key);
    await later.goto("/admin");
    await expect(later.getByText("Your session has ended. Please sign in again.")).toBeVisible();
    await expect(later.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect.poll(() => staffFlag(later)).toBeNull();
  });
});

test("the staff editor guard sends visitors to the login form", async ({ page }) => {
  await page.goto("/blog-editor/new");
  // The form leads back to the editor once they have signed in (e2e/staff-workspace.spec.ts).
  await expect(page).toHaveURL(/\/admin\?next=%2Fblog-editor%2Fnew$/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("public pages never load the staff or editor chunks", async ({ page }) => {
  // Ten full page loads, each waited on until its lazy chunks have arrived.
  test.setTimeout(120_000);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });

  await page.goto("/admin");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  const adminChunk = scripts.find((path) => /\/assets\/staff-page-admin-[^/]*\.js$/.test(path));
  expect(adminChunk, "the admin route chunk").toBeTruthy();

  scripts.length = 0;
  for (const path of [
    "/",
    "/services",
    "/case-studies",
    "/about",
    "/contact",
    "/blog",
    "/fr",
    "/fr/blog",
    "/privacy",
    "/sitemap",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts).not.toContain(adminChunk);
  // No staff page's chunk (src/app/routes/staff/, built as assets/staff-page-*.js).
  expect(scripts.filter((path) => /\/assets\/staff-page-[^/]*\.js$/.test(path))).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the panel fits the screen without sideways scrolling", async ({ page }) => {
    const tag = uniqueTag();
    await insertLeads([
      {
        name: `Phone ${tag}`,
        email: `a-rather-long-address-${tag}@some-long-company-domain.example.com`,
        company: `Company ${tag}`,
        website: "https://a-very-long-website-address.example.com/with/a/deep/path",
        message: "A message.",
        source: "about",
        language: "en",
      },
    ]);
    await page.goto("/admin?tab=leads");
    await signInAsStaff(page);
    await page.getByLabel("Search leads").fill(tag);
    await expect(page.getByTestId("lead")).toHaveCount(1);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    if (process.env.ADMIN_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.ADMIN_SCREENSHOTS}/leads-phone.png`,
        fullPage: true,
      });
    // On a phone the sign-in toast lies over the sections' row until it leaves.
    await expect(page.getByText("Login successful")).toBeHidden();
    await staffSection(page, "Posts").click();
    await expect(page.getByTestId("post-row").first()).toBeAttached();
    expect(await overflow()).toBeLessThanOrEqual(0);
    if (process.env.ADMIN_SCREENSHOTS)
      await page.screenshot({
        path: `${process.env.ADMIN_SCREENSHOTS}/blog-phone.png`,
        fullPage: true,
      });
  });
});

test("desktop screenshot", async ({ page }) => {
  test.skip(!process.env.ADMIN_SCREENSHOTS, "only when asked for screenshots");
  await page.goto("/admin?tab=leads");
  await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/login.png` });
  await signInAsStaff(page);
  await expect(page.getByTestId("lead").first()).toBeVisible();
  await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/leads.png` });
  await staffSection(page, "Posts").click();
  await expect(page.getByTestId("post-row").first()).toBeVisible();
  await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/blog.png` });
});
