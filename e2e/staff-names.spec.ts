// Names as staff see them (issue 46): whatever a visitor or a colleague wrote shows in its own
// bidi isolate (<bdi>), so right-to-left text cannot reorder the list around it, and no member
// can take a name that only looks like a colleague's.
import { expect, test } from "./fixtures";
import { serviceClient } from "./support/stack";
import {
  insertLeads,
  signInAsStaff,
  staffDisplayName,
  staffEmail,
  staffSection,
  uniqueTag,
} from "./support/staff";

test("a lead written right to left shows in isolates in the inbox and its panel, as do staff names", async ({
  page,
}) => {
  const tag = uniqueTag();
  // Hebrew letters followed by digits: outside an isolate, the digits would join the name's run.
  const name = `שרה כהן 42 ${tag}`;
  const company = `סטודיו 7 ${tag}`;
  const email = `sarah-${tag}@example.com`;
  await insertLeads([{ name, company, email, source: "contact", language: "en" }]);

  await page.goto("/admin?tab=leads");
  await signInAsStaff(page);
  await page.getByLabel("Search leads").fill(tag);
  const row = page.getByTestId("lead");
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("link").locator("bdi")).toHaveText(name);
  await expect(row.locator("bdi", { hasText: email })).toHaveText(email);
  await expect(row.locator("bdi", { hasText: company })).toHaveText(company);

  await row.getByRole("link").click();
  const panel = page.getByRole("dialog", { name });
  await expect(panel.getByRole("heading", { name }).locator("bdi")).toHaveText(name);
  await expect(panel.getByRole("link", { name: email }).locator("bdi")).toHaveText(email);
  await expect(panel.locator("bdi", { hasText: company })).toHaveText(company);

  // The author of a note, by their staff name.
  await panel.getByLabel("New note").fill("Called back.");
  await panel.getByRole("button", { name: "Add note" }).click();
  const notes = panel.getByRole("list", { name: "Notes, newest first" });
  const author = notes.locator("bdi", { hasText: await staffDisplayName() });
  await expect(author).toHaveCount(1);
  await expect(author).toHaveAccessibleDescription(staffEmail);
});

test.describe("a look-alike of a colleague's name", () => {
  // The refused save: PostgREST answers a unique violation with 409.
  test.use({ allowConsoleErrors: [/status of 409/] });

  test("the Profile form says a look-alike of a colleague's name is already used", async ({
    page,
  }) => {
    const tag = uniqueTag();
    const colleague = `Alice ${tag}`;
    const service = serviceClient();
    const created = await service.auth.admin.createUser({
      email: `alice-${tag}@example.com`,
      password: `alice-${tag}-pw`,
      email_confirm: true,
    });
    if (created.error) throw created.error;
    const colleagueId = created.data.user.id;
    try {
      const joined = await service
        .from("staff_members")
        .insert({ user_id: colleagueId, role: "editor", joined_at: new Date().toISOString() });
      if (joined.error) throw joined.error;
      const named = await service
        .from("staff_profiles")
        .update({ display_name: colleague })
        .eq("user_id", colleagueId);
      if (named.error) throw named.error;

      await page.goto("/admin");
      await signInAsStaff(page);
      await staffSection(page, "Profile").click();
      const own = await staffDisplayName();
      await expect(page.getByLabel("Display name")).toHaveValue(own);
      // A Cyrillic "А" (U+0410) for the Latin "A".
      await page.getByLabel("Display name").fill(`\u0410lice ${tag}`);
      await page.getByRole("button", { name: "Save profile" }).click();
      await expect(
        page
          .getByRole("form", { name: "Your profile" })
          .getByText("This name is already used by a colleague."),
      ).toBeVisible();
      expect(await staffDisplayName()).toBe(own);
    } finally {
      await service.auth.admin.deleteUser(colleagueId);
    }
  });
});
