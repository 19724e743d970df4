import type { Locator, Page } from "@playwright/test";
import { dictionaries, pathFor, type Locale, type PublicRouteId } from "./support/site";
import { expect, test } from "./fixtures";
import { rememberConsent } from "./support/consent";
import { waitForForms } from "./support/forms";
import { leadsFor, outboxFor, uniqueEmail } from "./support/leads";
import { createNodeClient } from "../scripts/lib/node-supabase-client";
import { publicKey, serviceClient, stackUrl } from "./support/stack";

const forms = [
  { page: "home", source: "homepage", variant: "audit" },
  { page: "services", source: "services", variant: "audit" },
  { page: "about", source: "about", variant: "audit" },
  { page: "contact", source: "contact", variant: "contact" },
] as const satisfies readonly { page: PublicRouteId; source: string; variant: string }[];

function formOf(page: Page, variant: "audit" | "contact"): Locator {
  return page.getByTestId(`lead-form-${variant}`);
}

function fieldsOf(form: Locator, locale: Locale) {
  const f = dictionaries[locale].leadForm.fields;
  return {
    name: form.getByLabel(f.name.label),
    email: form.getByLabel(f.email.label),
    company: form.getByLabel(f.company.label),
    website: form.getByLabel(f.website.label),
    appLink: form.getByLabel(f.appLink.label),
    budget: form.getByLabel(f.budget.label),
    message: form.getByLabel(f.message.label),
    contactMessage: form.getByLabel(f.contactMessage.label),
  };
}

// Each test expects its own lead e-mail, whatever the other browser tests sent: on this stack
// every lead is e-mailed one by one (the digest has its own suites in supabase/tests/hardening).
test.beforeAll(async () => {
  const { error } = await serviceClient()
    .from("intake_limits")
    .update({ max_count: 100_000 })
    .eq("name", "lead_emails_before_digest");
  if (error) throw error;
});

test.beforeEach(async ({ page }) => {
  await rememberConsent(page, "denied");
});

for (const locale of ["en", "fr"] as const) {
  const t = dictionaries[locale].leadForm;

  for (const { page: pageId, source, variant } of forms) {
    const path = pathFor(pageId, locale);

    test(`${path}: the ${variant} form stores one lead (${source}, ${locale}), the function under Deno mails it, thanks and redirects`, async ({
      page,
    }) => {
      const email = uniqueEmail(`lead-${source}-${locale}`);
      const name = `Test ${source} ${locale}`;
      // Hold the insert until the button's sending state has been seen.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/rest/v1/leads*", async (route) => {
        await held;
        await route.continue();
      });

      await page.goto(path);

      await waitForForms(page);
      const form = formOf(page, variant);
      const fields = fieldsOf(form, locale);
      await fields.name.fill(name);
      await fields.email.fill(email);
      if (variant === "audit") {
        await fields.company.fill("Grove Games");
        await fields.website.fill("https://grove.example.com");
        await fields.budget.selectOption({
          label: dictionaries[locale].leadForm.budgets.from5kTo20k,
        });
        await fields.message.fill("A puzzle game.\nWe want more installs.");
      } else {
        await fields.appLink.fill("https://apps.apple.com/app/id123456789");
        await fields.contactMessage.fill("Please call me back.");
      }

      const submit = form.getByRole("button", {
        name: variant === "audit" ? t.submitAudit : t.submitContact,
      });
      await submit.click();
      const sending = form.getByRole("button", { name: t.sending });
      await expect(sending).toBeVisible();
      await expect(sending).toBeDisabled();
      const releasedAt = Date.now();
      release();

      await expect(page.getByText(t.success)).toBeVisible();
      await expect(fields.name).toHaveValue("");
      await expect(fields.email).toHaveValue("");
      await expect(page).toHaveURL(pathFor("thankYou", locale), { timeout: 5_000 });
      // The toast shows as soon as the lead is stored; the redirect follows 1.5 s later.
      const waited = Date.now() - releasedAt;
      expect(waited).toBeGreaterThanOrEqual(1_500);
      expect(waited).toBeLessThan(4_000);

      const rows = await leadsFor(email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject(
        variant === "audit"
          ? {
              name,
              email,
              company: "Grove Games",
              website: "https://grove.example.com",
              budget: "€5k–€20k / month",
              message: "A puzzle game.\nWe want more installs.",
              phone: null,
              source,
              language: locale,
              status: "new",
            }
          : {
              name,
              email,
              company: null,
              website: "https://apps.apple.com/app/id123456789",
              budget: null,
              message: "Please call me back.",
              phone: null,
              source,
              language: locale,
              status: "new",
            },
      );
      await expect.poll(async () => (await outboxFor(email)).length).toBe(1);
      const [mail] = await outboxFor(email);
      expect(mail?.subject).toContain(name);
      // Sent by send-lead-notification running in real Deno, as on hosted Supabase.
      expect(mail?.sentBy).toMatch(/^Deno\/\d/);
      await expect.poll(async () => (await leadsFor(email))[0]?.notified_at).not.toBeNull();
    });
  }

  test.describe(`${locale}: failures`, () => {
    // One pattern: a two-element array would read as a fixture tuple.
    test.use({ allowConsoleErrors: [/status of (500|429)|net::ERR_FAILED/] });

    test(`a failed insert shows the destructive toast and keeps the input (${locale})`, async ({
      page,
    }) => {
      await page.route("**/rest/v1/leads*", (route) =>
        route.fulfill({
          status: 500,
          contentType: "application/json",
          body: JSON.stringify({ code: "XX000", message: "boom", details: null, hint: null }),
        }),
      );
      const email = uniqueEmail(`lead-fail-${locale}`);
      await page.goto(pathFor("contact", locale));
      await waitForForms(page);
      const form = formOf(page, "contact");
      const fields = fieldsOf(form, locale);
      await fields.name.fill("Failing Visitor");
      await fields.email.fill(email);
      await fields.contactMessage.fill("Will this arrive?");
      await form.getByRole("button", { name: t.submitContact }).click();

      const toast = page.locator("[data-sonner-toast]").filter({ hasText: t.failure });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(t.failureTitle);
      await expect(toast).toHaveAttribute("data-type", "error");
      await expect(fields.name).toHaveValue("Failing Visitor");
      await expect(fields.email).toHaveValue(email);
      await expect(fields.contactMessage).toHaveValue("Will this arrive?");
      await expect(form.getByRole("button", { name: t.submitContact })).toBeEnabled();
      await page.waitForTimeout(2_000);
      await expect(page).toHaveURL(pathFor("contact", locale));
      expect(await leadsFor(email)).toHaveLength(0);
    });

    test(`the limit per client address surfaces as the failure toast, input kept (${locale})`, async ({
      page,
      visitorAddress,
    }) => {
      // This visitor's network has already sent its hour's allowance.
      const { data: limit } = await serviceClient()
        .from("intake_limits")
        .select("max_count")
        .eq("name", "leads_per_address")
        .single();
      const sameNetwork = createNodeClient(stackUrl, publicKey, {
        headers: { "x-forwarded-for": visitorAddress },
      });
      const company = uniqueEmail(`network-${locale}`);
      for (let index = 0; index < limit!.max_count; index++) {
        const { error } = await sameNetwork.from("leads").insert({
          name: `Colleague ${index}`,
          email: uniqueEmail("colleague"),
          company,
          source: "homepage",
        });
        if (error) throw error;
      }
      const email = uniqueEmail(`lead-limit-${locale}`);

      await page.goto(pathFor("home", locale));
      await waitForForms(page);
      const form = formOf(page, "audit");
      const fields = fieldsOf(form, locale);
      await fields.name.fill("One Too Many");
      await fields.email.fill(email);
      await form.getByRole("button", { name: t.submitAudit }).click();

      const toast = page.locator("[data-sonner-toast]").filter({ hasText: t.failureTitle });
      await expect(toast).toBeVisible();
      await expect(toast).toContainText(t.tooManyRequests);
      await expect(fields.name).toHaveValue("One Too Many");
      expect(await leadsFor(email)).toHaveLength(0);
    });

    test(`a failed notification still ends in success, and the schedule e-mails the lead (${locale})`, async ({
      page,
    }) => {
      await page.route("**/functions/v1/send-lead-notification", (route) =>
        route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"down"}' }),
      );
      const email = uniqueEmail(`lead-notify-${locale}`);
      await page.goto(pathFor("about", locale));
      await waitForForms(page);
      const form = formOf(page, "audit");
      const fields = fieldsOf(form, locale);
      await fields.name.fill("Notify Down");
      await fields.email.fill(email);
      await form.getByRole("button", { name: t.submitAudit }).click();
      await expect(page.getByText(t.success)).toBeVisible();
      await expect(page).toHaveURL(pathFor("thankYou", locale));
      expect(await leadsFor(email)).toHaveLength(1);
      // The stack's scheduler (Supabase Cron's part, every 5 s here) sends what is owed.
      await expect.poll(async () => (await outboxFor(email)).length, { timeout: 60_000 }).toBe(1);
    });

    test(`a lead whose page closes at once still reaches the agency (${locale})`, async ({
      page,
    }) => {
      // The visitor's call never leaves: the tab is gone before it could.
      await page.route("**/functions/v1/send-lead-notification", (route) => route.abort());
      const email = uniqueEmail(`lead-closed-${locale}`);
      await page.goto(pathFor("contact", locale));
      await waitForForms(page);
      const form = formOf(page, "contact");
      const fields = fieldsOf(form, locale);
      await fields.name.fill("Closed Tab");
      await fields.email.fill(email);
      await fields.appLink.fill("https://apps.apple.com/app/id123456789");
      await fields.contactMessage.fill("Call me.");
      const stored = page.waitForResponse(
        (response) => response.url().includes("/rest/v1/leads") && response.status() === 201,
      );
      await form.getByRole("button", { name: t.submitContact }).click();
      await stored;
      await page.close();

      await expect.poll(async () => (await outboxFor(email)).length, { timeout: 60_000 }).toBe(1);
      const [mail] = await outboxFor(email);
      expect(mail?.subject).toContain("Closed Tab");
      expect(mail?.sentBy).toMatch(/^Deno\/\d/);
      await expect.poll(async () => (await leadsFor(email))[0]?.notified_at).not.toBeNull();
    });
  });

  test(`validation messages appear for missing and malformed fields (${locale})`, async ({
    page,
  }) => {
    let inserts = 0;
    page.on("request", (request) => {
      if (request.url().includes("/rest/v1/leads")) inserts += 1;
    });
    await page.goto(pathFor("home", locale));
    await waitForForms(page);
    const form = formOf(page, "audit");
    const fields = fieldsOf(form, locale);
    await form.getByRole("button", { name: t.submitAudit }).click();

    await expect(form.getByText(t.errors.nameRequired)).toBeVisible();
    await expect(form.getByText(t.errors.emailRequired)).toBeVisible();
    await expect(fields.name).toBeFocused();
    await expect(fields.name).toHaveAttribute("aria-invalid", "true");
    await expect(fields.name).toHaveAccessibleDescription(t.errors.nameRequired);

    await fields.name.fill("Valid Name");
    await fields.email.fill("not-an-email");
    await fields.website.fill("not a link");
    await form.getByRole("button", { name: t.submitAudit }).click();
    await expect(form.getByText(t.errors.nameRequired)).toBeHidden();
    await expect(form.getByText(t.errors.emailInvalid)).toBeVisible();
    await expect(form.getByText(t.errors.urlInvalid)).toBeVisible();
    await expect(fields.email).toBeFocused();
    await expect(fields.email).toHaveAccessibleDescription(t.errors.emailInvalid);

    await fields.message.fill("x".repeat(5001));
    await form.getByRole("button", { name: t.submitAudit }).click();
    await expect(form.getByText(t.errors.tooLong(5000))).toBeVisible();
    expect(inserts).toBe(0);
  });

  test(`the contact form requires a message (${locale})`, async ({ page }) => {
    await page.goto(pathFor("contact", locale));
    await waitForForms(page);
    const form = formOf(page, "contact");
    const fields = fieldsOf(form, locale);
    await fields.name.fill("Contact Person");
    await fields.email.fill(uniqueEmail("contact-validation"));
    await form.getByRole("button", { name: t.submitContact }).click();
    await expect(form.getByText(t.errors.messageRequired)).toBeVisible();
    await expect(fields.contactMessage).toBeFocused();
    await expect(fields.contactMessage).toHaveAttribute("aria-invalid", "true");
  });

  test(`the honeypot drops the submission but looks like success (${locale})`, async ({ page }) => {
    const email = uniqueEmail(`lead-bot-${locale}`);
    let inserts = 0;
    page.on("request", (request) => {
      if (request.url().includes("/rest/v1/leads")) inserts += 1;
    });
    await page.goto(pathFor("services", locale));
    await waitForForms(page);
    const form = formOf(page, "audit");
    const fields = fieldsOf(form, locale);
    const trap = form.locator('input[name="fax"]');
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    await expect(form.getByRole("textbox", { name: t.honeypot })).toHaveCount(0);
    await fields.name.fill("Spam Bot");
    await fields.email.fill(email);
    await trap.fill("+1 555 0100", { force: true });
    await form.getByRole("button", { name: t.submitAudit }).click();

    await expect(page.getByText(t.success)).toBeVisible();
    await expect(page).toHaveURL(pathFor("thankYou", locale));
    expect(inserts).toBe(0);
    expect(await leadsFor(email)).toHaveLength(0);
    expect(await outboxFor(email)).toHaveLength(0);
  });
}
