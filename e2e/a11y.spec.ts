import { locales, pathFor, publicRouteIds, publicRoutes } from "./support/site";
import { expect, test } from "./fixtures";
import { violationsOn } from "./support/axe";
import { waitForHydration } from "./support/hydration";
import { insertLeads, signInAsStaff, uniqueTag } from "./support/staff";

const pages = publicRouteIds
  .filter((id) => !publicRoutes[id].paths.en.includes(":"))
  .flatMap((id) => locales.map((locale) => pathFor(id, locale)));

for (const path of [...pages, "/blog/mobile-user-acquisition-playbook", "/fr/nulle-part"]) {
  test(`${path} has no accessibility violations (axe)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    // As visitors meet it once it works: hydration enables the buttons (a colour change).
    await waitForHydration(page);
    expect(await violationsOn(page)).toEqual([]);
  });
}

test("the staff workspace has no accessibility violations (axe), signed out and in", async ({
  page,
}) => {
  // Twelve pages, among them the editor's large chunk: more than one page's time on a busy machine.
  test.slow();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Staff sign-in" })).toBeVisible();
  expect(await violationsOn(page)).toEqual([]);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByRole("button", { name: /reset link/i })).toBeVisible();
  expect(await violationsOn(page), "Forgot password?").toEqual([]);
  // The pages Auth's e-mails open, in French (an invitation's or reset's link names it).
  for (const [path, heading] of [
    ["/admin/welcome?token_hash=unused&type=invite&lang=fr", "Bienvenue dans l’équipe"],
    ["/admin/reset-password?token_hash=unused&type=recovery&lang=fr", "Choisissez un nouveau"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(heading) })).toBeVisible();
    expect(await violationsOn(page), path).toEqual([]);
  }
  await page.goto("/admin");
  await signInAsStaff(page);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  for (const [path, heading] of [
    ["/admin", "Overview"],
    ["/admin?tab=leads", "Leads"],
    ["/admin?tab=posts", "Posts"],
    ["/admin?tab=subscribers", "Subscribers"],
    ["/admin?tab=team", "Team"],
    ["/admin?tab=profile", "Profile"],
    ["/blog-editor/new", "Create New Post"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("status").filter({ hasText: /Loading/ })).toHaveCount(0);
    expect(await violationsOn(page), path).toEqual([]);
  }

  // A lead's detail panel, with a note and a status change in its history.
  const [lead] = await insertLeads([
    { name: "Axe Visitor", email: `axe-${uniqueTag()}@example.com`, source: "contact" },
  ]);
  await page.goto(`/admin?lead=${lead!.id}`);
  const panel = page.getByRole("dialog", { name: "Axe Visitor" });
  await panel.getByLabel("New note").fill("Called them.");
  await panel.getByRole("button", { name: "Add note" }).click();
  await panel
    .getByRole("group", { name: "Status" })
    .getByRole("button", { name: "Contacted" })
    .click();
  await expect(panel.getByRole("list", { name: "Status history, oldest first" })).toContainText(
    "by",
  );
  await expect(panel.getByRole("list", { name: "Notes, newest first" })).toBeVisible();
  // The confirmations fade out first: axe would measure them mid-animation. The status's comes
  // once the inbox's reads (the history among them) have refreshed, so it is awaited first.
  await expect(page.getByText("Lead marked as Contacted")).toBeVisible();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  expect(await violationsOn(page), "the lead panel").toEqual([]);
});

test.describe("toasts", () => {
  // The refused sign-in that shows the error toast (400). The Overview this sign-in opens
  // sometimes has one or two of its reads answered 403 by the local stack on PGlite, at random
  // and already before issue 46 (1 run in 6 of this test alone); the cause is still open, and it
  // is not what this test checks.
  test.use({ allowConsoleErrors: [/status of (400|403)/] });

  test("toasts read clearly: an error and a success toast have no accessibility violations (axe)", async ({
    page,
  }) => {
    await page.goto("/admin");
    await signInAsStaff(page, undefined, "not the password");
    await expect(page.getByText("Login failed", { exact: true })).toBeVisible();
    expect(await violationsOn(page), "an error toast").toEqual([]);
    await page.reload();
    await signInAsStaff(page);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
    expect(await violationsOn(page), "a success toast").toEqual([]);
  });
});
