import { dictionaries, pathFor, storageKey } from "./support/site";
import { expect, test } from "./fixtures";
import { rememberConsent } from "./support/consent";
import { uniqueEmail } from "./support/leads";
import { interceptVendors, vendorCalls } from "./support/vendors";

// The e2e build is given test vendor IDs (playwright.config.ts).
const gaId = "G-TEST123";
const pixelId = "1234567890";

for (const locale of ["en", "fr"] as const) {
  const t = dictionaries[locale];

  test(`before consent nothing is requested from the vendors and no cookie is set (${locale})`, async ({
    page,
    context,
  }) => {
    const requests = await interceptVendors(page);
    await page.goto(pathFor("home", locale));
    const banner = page.getByRole("region", { name: t.consent.title });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("button", { name: t.consent.accept })).toBeVisible();
    await expect(banner.getByRole("button", { name: t.consent.reject })).toBeVisible();
    await expect(banner).toHaveCSS("position", "fixed");

    // Browse on and leave a lead without answering the banner.
    await page.getByRole("contentinfo").getByRole("link", { name: t.routes.contact }).click();
    await expect(page).toHaveURL(pathFor("contact", locale));
    const form = page.getByTestId("lead-form-contact");
    await form.getByLabel(t.leadForm.fields.name.label).fill("No Consent");
    await form
      .getByLabel(t.leadForm.fields.email.label)
      .fill(uniqueEmail(`consent-none-${locale}`));
    await form.getByLabel(t.leadForm.fields.contactMessage.label).fill("Hello");
    await form.getByRole("button", { name: t.leadForm.submitContact }).click();
    await expect(page).toHaveURL(pathFor("thankYou", locale));

    expect(requests).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    const calls = await vendorCalls(page);
    expect(calls).toEqual({ gtag: [], pixel: [], scripts: [] });
  });

  test(`Reject is remembered and loads nothing (${locale})`, async ({ page, context }) => {
    const requests = await interceptVendors(page);
    await page.goto(pathFor("services", locale));
    const banner = page.getByRole("region", { name: t.consent.title });
    await banner.getByRole("button", { name: t.consent.reject }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(banner).toBeHidden();
    expect(requests).toEqual([]);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBe("denied");
  });

  test(`after Accept the vendors load and a lead fires Lead and Contact_Send (${locale})`, async ({
    page,
  }) => {
    const requests = await interceptVendors(page);
    await page.goto(pathFor("contact", locale));
    expect(requests).toEqual([]);
    await page
      .getByRole("region", { name: t.consent.title })
      .getByRole("button", { name: t.consent.accept })
      .click();

    await expect.poll(() => requests.length).toBe(2);
    expect(requests).toContain(`https://www.googletagmanager.com/gtag/js?id=${gaId}`);
    expect(requests).toContain("https://connect.facebook.net/en_US/fbevents.js");
    await expect
      .poll(async () => (await vendorCalls(page)).scripts.sort())
      .toEqual(["fbevents", "gtag"]);
    let calls = await vendorCalls(page);
    expect(calls.gtag).toContainEqual(["config", gaId, { anonymize_ip: true }]);
    expect(calls.pixel).toContainEqual(["init", pixelId]);
    expect(calls.pixel).toContainEqual(["track", "PageView"]);

    const form = page.getByTestId("lead-form-contact");
    await form.getByLabel(t.leadForm.fields.name.label).fill("With Consent");
    await form.getByLabel(t.leadForm.fields.email.label).fill(uniqueEmail(`consent-yes-${locale}`));
    await form.getByLabel(t.leadForm.fields.contactMessage.label).fill("Track me");
    await form.getByRole("button", { name: t.leadForm.submitContact }).click();
    await expect(page.getByText(t.leadForm.success)).toBeVisible();

    calls = await vendorCalls(page);
    expect(calls.pixel).toContainEqual(["track", "Lead", { content_category: "contact" }]);
    expect(calls.gtag).toContainEqual(["event", "Contact_Send", { source: "contact" }]);

    await expect(page).toHaveURL(pathFor("thankYou", locale));
    await expect
      .poll(async () => (await vendorCalls(page)).gtag)
      .toContainEqual(["event", "Contact_Send", { source: "thank_you", language: locale }]);
    // Each vendor script was loaded once, however many pages were seen.
    expect(requests).toHaveLength(2);
  });

  test(`the thank-you page fires Contact_Send on a fresh visit with consent (${locale})`, async ({
    page,
  }) => {
    await rememberConsent(page, "granted");
    const requests = await interceptVendors(page);
    await page.goto(pathFor("thankYou", locale));
    await expect(page.getByRole("region", { name: t.consent.title })).toHaveCount(0);
    await expect
      .poll(async () => (await vendorCalls(page)).gtag)
      .toContainEqual(["event", "Contact_Send", { source: "thank_you", language: locale }]);
    expect(requests).toHaveLength(2);
  });

  test(`'${t.consent.settings}' reopens the banner to change the choice (${locale})`, async ({
    page,
  }) => {
    const requests = await interceptVendors(page);
    await page.goto(pathFor("about", locale));
    const banner = page.getByRole("region", { name: t.consent.title });
    await banner.getByRole("button", { name: t.consent.reject }).click();
    await expect(banner).toBeHidden();

    const settings = page
      .getByRole("contentinfo")
      .getByRole("button", { name: t.consent.settings });
    await settings.click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("heading", { name: t.consent.title })).toBeFocused();

    // Escape closes it again without changing the answer, and focus goes back.
    await page.keyboard.press("Escape");
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
    expect(requests).toEqual([]);

    await settings.press("Enter");
    await expect(banner).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(banner.getByRole("button", { name: t.consent.accept })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
    await expect.poll(() => requests.length).toBe(2);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBe("granted");
  });
}

test("the banner is not part of the prerendered page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await context.close();
});
