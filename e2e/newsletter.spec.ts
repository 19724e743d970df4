import type { Page, Request } from "@playwright/test";
import { dictionaries, newsletterLinkContent, pathFor, type Locale } from "./support/site";
import { expect, test } from "./fixtures";
import { violationsOn } from "./support/axe";
import { rememberConsent } from "./support/consent";
import { waitForForms } from "./support/forms";
import { waitForHydration } from "./support/hydration";
import { outboxFor, subscribersFor, uniqueEmail } from "./support/leads";
import { stackUrl } from "./support/stack";

test.beforeEach(async ({ page }) => {
  await rememberConsent(page, "denied");
});

type LinkAction = "confirm" | "unsubscribe";
const linkRoutes = { confirm: "newsletterConfirm", unsubscribe: "newsletterUnsubscribe" } as const;
const linkFunctions = {
  confirm: "confirm_newsletter_subscription",
  unsubscribe: "unsubscribe_from_newsletter",
} as const;

/** The links of the confirmation e-mail sent to `email`: the page links, and the one-click URL. */
async function mailedLinks(email: string, locale: Locale) {
  await expect.poll(async () => (await outboxFor(email)).length).toBe(1);
  const [mail] = await outboxFor(email);
  const links = [...String(mail!.html).matchAll(/href="([^"]+)"/g)].map(
    (match) => new URL(match[1]!.replaceAll("&amp;", "&")),
  );
  const headers = mail!.headers as Record<string, string>;
  return {
    confirm: links.find((link) => link.pathname === pathFor("newsletterConfirm", locale))!,
    unsubscribe: links.find((link) => link.pathname === pathFor("newsletterUnsubscribe", locale))!,
    oneClick: headers["List-Unsubscribe"]!.replace(/^<(.+)>$/, "$1"),
    oneClickPost: headers["List-Unsubscribe-Post"],
  };
}

/**
 * Opens a newsletter link and lingers as a mail scanner that runs scripts would: hydrated, the
 * network idle, then a second and a half more. By then the page must still be asking, without
 * having called the database. `press` then presses its button, as the visitor does.
 */
async function openLink(page: Page, link: URL, action: LinkAction, locale: Locale) {
  const copy = newsletterLinkContent[locale][action];
  const calls: string[] = [];
  const onRequest = (request: Request) => {
    if (request.url().startsWith(`${stackUrl}/rest/v1/rpc/${linkFunctions[action]}`)) {
      calls.push(request.url());
    }
  };
  page.on("request", onRequest);
  await page.goto(`${link.pathname}${link.search}`);
  const heading = page.getByRole("heading", { level: 1 });
  const button = page.getByRole("button", { name: copy.action, exact: true });
  await expect(heading).toHaveText(copy.promptTitle);
  await waitForHydration(page);
  await expect(button).toBeEnabled();
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_500);
  await expect(heading).toHaveText(copy.promptTitle);
  expect(calls, `${linkFunctions[action]} called without a click`).toEqual([]);

  return {
    heading,
    /** Presses the button; the answer held back a moment to see the pending state. */
    press: async () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const functionUrl = `${stackUrl}/rest/v1/rpc/${linkFunctions[action]}*`;
      await page.route(functionUrl, async (route) => {
        await released;
        await route.fallback();
      });
      await button.click();
      const pending = page.getByRole("button", { name: copy.pending });
      await expect(pending).toHaveAttribute("aria-busy", "true");
      await expect(pending).toBeDisabled();
      await expect(pending).toBeFocused();
      release();
      await expect(pending).toHaveCount(0);
      await page.unroute(functionUrl);
      page.off("request", onRequest);
      expect(calls, `${linkFunctions[action]} calls`).toHaveLength(1);
    },
  };
}

for (const locale of ["en", "fr"] as const) {
  const t = dictionaries[locale];
  const path = pathFor("blog", locale);

  test(`${path}: a sign-up is pending until confirmed from the e-mail; its links confirm and unsubscribe when pressed`, async ({
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

    const { confirm, unsubscribe } = await mailedLinks(email, locale);
    // Opening a link (as a mail scanner does, scripts and all) changes nothing; the button does.
    const confirmPage = await openLink(page, confirm, "confirm", locale);
    expect((await subscribersFor(email))[0]).toMatchObject({ status: "pending" });
    await confirmPage.press();
    await expect(confirmPage.heading).toHaveText(newsletterLinkContent[locale].confirm.doneTitle);
    await expect(confirmPage.heading).toBeFocused();
    expect((await subscribersFor(email))[0]).toMatchObject({ status: "confirmed" });
    // A used link asks again, and says it no longer works once pressed.
    const usedPage = await openLink(page, confirm, "confirm", locale);
    await usedPage.press();
    await expect(usedPage.heading).toHaveText(newsletterLinkContent[locale].confirm.invalidTitle);

    const unsubscribePage = await openLink(page, unsubscribe, "unsubscribe", locale);
    expect((await subscribersFor(email))[0]).toMatchObject({ status: "confirmed" });
    await unsubscribePage.press();
    await expect(unsubscribePage.heading).toHaveText(
      newsletterLinkContent[locale].unsubscribe.doneTitle,
    );
    expect((await subscribersFor(email))[0]).toMatchObject({ status: "unsubscribed" });
  });

  test(`${path}: a newsletter link without a token, or with an unknown one, no longer works`, async ({
    page,
  }) => {
    // No token: nothing to ask.
    await page.goto(pathFor("newsletterUnsubscribe", locale));
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      newsletterLinkContent[locale].unsubscribe.invalidTitle,
    );
    await expect(page.locator("main").getByRole("button")).toHaveCount(0);

    for (const action of ["confirm", "unsubscribe"] as const) {
      const bogus = new URL(
        `${pathFor(linkRoutes[action], locale)}?token=${"0".repeat(64)}`,
        "http://x",
      );
      const linkPage = await openLink(page, bogus, action, locale);
      // The question, its button enabled, passes axe too (the a11y spec sees it without a token).
      expect(await violationsOn(page)).toEqual([]);
      await linkPage.press();
      await expect(linkPage.heading).toHaveText(newsletterLinkContent[locale][action].invalidTitle);
    }
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

test("the one-click unsubscribe of mail apps (RFC 8058) works without the page", async ({
  page,
  request,
}) => {
  const email = uniqueEmail("news-one-click");
  await page.goto(pathFor("blog", "en"));
  await waitForForms(page);
  const t = dictionaries.en;
  const section = page.getByRole("region", { name: t.newsletter.heading });
  await section.getByLabel(t.newsletter.label).fill(email);
  await section.getByRole("button", { name: t.newsletter.submit }).click();
  await expect(section.getByRole("status")).toHaveText(t.newsletter.success);
  const { confirm, oneClick, oneClickPost } = await mailedLinks(email, "en");
  const confirmPage = await openLink(page, confirm, "confirm", "en");
  await confirmPage.press();
  await expect(confirmPage.heading).toHaveText(newsletterLinkContent.en.confirm.doneTitle);
  expect((await subscribersFor(email))[0]).toMatchObject({ status: "confirmed" });

  // As a mail app sends it: a POST to the List-Unsubscribe URL, no key, a form body.
  expect(oneClickPost).toBe("List-Unsubscribe=One-Click");
  expect(new URL(oneClick).origin).toBe(stackUrl);
  const response = await request.post(oneClick, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "List-Unsubscribe=One-Click",
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await subscribersFor(email))[0]).toMatchObject({ status: "unsubscribed" });
});

test.describe(() => {
  test.use({ allowConsoleErrors: [/status of 500/] });

  test("/fr: a newsletter link that cannot reach the server offers a retry on the same button", async ({
    page,
  }) => {
    const copy = newsletterLinkContent.fr;
    const link = new URL(
      `${pathFor("newsletterConfirm", "fr")}?token=${"0".repeat(64)}`,
      "http://x",
    );
    const linkPage = await openLink(page, link, "confirm", "fr");
    const functionUrl = `${stackUrl}/rest/v1/rpc/${linkFunctions.confirm}*`;
    await page.route(functionUrl, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"x"}' }),
    );
    const button = page.getByRole("button", { name: copy.confirm.action });
    await button.click();
    await expect(linkPage.heading).toHaveText(copy.failureTitle);
    const retry = page.getByRole("button", { name: copy.retry });
    await expect(retry).toBeFocused();
    await page.unroute(functionUrl);
    await retry.click();
    await expect(linkPage.heading).toHaveText(copy.confirm.invalidTitle);
    await expect(linkPage.heading).toBeFocused();
  });
});
