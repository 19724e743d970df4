import { pathFor } from "../src/config/routes";
import { dictionaries } from "../src/i18n/all";
import { expect, test } from "./fixtures";
import { rememberConsent } from "./support/consent";
import { waitForForms } from "./support/forms";
import { subscribersFor, uniqueEmail } from "./support/leads";

test.beforeEach(async ({ page }) => {
  await rememberConsent(page, "denied");
});

for (const locale of ["en", "fr"] as const) {
  const t = dictionaries[locale];
  const path = pathFor("blog", locale);

  test(`${path}: a sign-up is stored once with its language, and twice is still a success`, async ({
    page,
  }) => {
    const email = uniqueEmail(`news-${locale}`);
    await page.goto(path);
    await waitForForms(page);
    const section = page.getByRole("region", { name: t.newsletter.heading });
    const input = section.getByLabel(t.newsletter.label);
    const submit = section.getByRole("button", { name: t.newsletter.submit });

    await input.fill(email);
    await submit.click();
    await expect(section.getByRole("status")).toHaveText(t.newsletter.success);
    await expect(input).toHaveValue("");
    await expect.poll(async () => (await subscribersFor(email)).length).toBe(1);
    expect((await subscribersFor(email))[0]).toMatchObject({ email, language: locale });

    await page.reload();
    await waitForForms(page);
    await input.fill(email.toUpperCase());
    await submit.click();
    await expect(section.getByRole("status")).toHaveText(t.newsletter.success);
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(0);
    expect(await subscribersFor(email)).toHaveLength(1);
  });

  test(`${path}: an invalid address is refused with a message`, async ({ page }) => {
    let inserts = 0;
    page.on("request", (request) => {
      if (request.url().includes("/rest/v1/newsletter_subscribers")) inserts += 1;
    });
    await page.goto(path);
    await waitForForms(page);
    const section = page.getByRole("region", { name: t.newsletter.heading });
    const input = section.getByLabel(t.newsletter.label);
    const submit = section.getByRole("button", { name: t.newsletter.submit });

    await submit.click();
    await expect(section.getByText(t.leadForm.errors.emailRequired)).toBeVisible();
    await expect(input).toBeFocused();

    await input.fill("someone@nowhere");
    await submit.click();
    await expect(section.getByText(t.leadForm.errors.emailInvalid)).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(t.leadForm.errors.emailInvalid);
    expect(inserts).toBe(0);
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 500/] });

    test(`${path}: a failed sign-up shows the error message`, async ({ page }) => {
      await page.route("**/rest/v1/newsletter_subscribers*", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"x"}' }),
      );
      await page.goto(path);
      await waitForForms(page);
      const section = page.getByRole("region", { name: t.newsletter.heading });
      await section.getByLabel(t.newsletter.label).fill(uniqueEmail("news-fail"));
      await section.getByRole("button", { name: t.newsletter.submit }).click();
      await expect(
        page
          .locator("[data-sonner-toast][data-type=error]")
          .filter({ hasText: t.newsletter.failure }),
      ).toBeVisible();
    });
  });
}
