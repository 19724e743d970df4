import { pathFor } from "../src/config/routes";
import { dictionaries } from "../src/i18n/all";
import { expect, test } from "./fixtures";
import { rememberConsent } from "./support/consent";
import { waitForForms } from "./support/forms";
import { outboxFor, subscribersFor, uniqueEmail } from "./support/leads";

test.beforeEach(async ({ page }) => {
  await rememberConsent(page, "denied");
});

for (const locale of ["en", "fr"] as const) {
  const t = dictionaries[locale];
  const path = pathFor("blog", locale);

  test(`${path}: a sign-up is pending until confirmed from the e-mail; its links confirm and unsubscribe`, async ({
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
    // Announced once: no toast beside the message.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(input).toHaveValue("");
    await expect.poll(async () => (await subscribersFor(email)).length).toBe(1);
    expect((await subscribersFor(email))[0]).toMatchObject({
      email,
      language: locale,
      status: "pending",
    });

    // The same answer again, and still one row and one e-mail.
    await input.fill(email.toUpperCase());
    await submit.click();
    await expect(section.getByRole("status")).toHaveText(t.newsletter.success);
    expect(await subscribersFor(email)).toHaveLength(1);
    await expect.poll(async () => (await outboxFor(email)).length).toBe(1);

    const [mail] = await outboxFor(email);
    const links = [...String(mail!.html).matchAll(/href="([^"]+)"/g)].map(
      (match) => new URL(match[1]!.replaceAll("&amp;", "&")),
    );
    const confirm = links.find((link) => link.pathname === pathFor("newsletterConfirm", locale))!;
    const unsubscribe = links.find(
      (link) => link.pathname === pathFor("newsletterUnsubscribe", locale),
    )!;
    const visit = (link: URL) => page.goto(`${link.pathname}${link.search}`);

    await visit(confirm);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t.newsletterLink.confirm.doneTitle,
    );
    expect((await subscribersFor(email))[0]).toMatchObject({ status: "confirmed" });
    await visit(confirm);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t.newsletterLink.confirm.invalidTitle,
    );

    await visit(unsubscribe);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t.newsletterLink.unsubscribe.doneTitle,
    );
    expect((await subscribersFor(email))[0]).toMatchObject({ status: "unsubscribed" });
    await page.goto(pathFor("newsletterUnsubscribe", locale));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      t.newsletterLink.unsubscribe.invalidTitle,
    );
  });

  test(`${path}: an invalid address is refused with a message`, async ({ page }) => {
    let inserts = 0;
    page.on("request", (request) => {
      if (request.url().includes("/rest/v1/rpc/newsletter_subscribe")) inserts += 1;
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
      await page.route("**/rest/v1/rpc/newsletter_subscribe*", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"x"}' }),
      );
      await page.goto(path);
      await waitForForms(page);
      const section = page.getByRole("region", { name: t.newsletter.heading });
      await section.getByLabel(t.newsletter.label).fill(uniqueEmail("news-fail"));
      await section.getByRole("button", { name: t.newsletter.submit }).click();
      await expect(
        section.getByRole("alert").filter({ hasText: t.newsletter.failure }),
      ).toBeVisible();
    });
  });
}
