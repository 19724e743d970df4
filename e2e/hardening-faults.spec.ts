import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { recordFigures } from "../scripts/hardening/figures";
import { freePort } from "../scripts/lib/free-port";
import { en, fr, pathFor, type Locale } from "./support/site";
import { expect as baseExpect, test } from "./fixtures";
import { rememberConsent } from "./support/consent";
import { waitForForms } from "./support/forms";
import { ThrowawayStack } from "./support/hardening-stack";
import { leadsFor, uniqueEmail } from "./support/leads";
import { stackUrl } from "./support/stack";

// A first render on a busy machine (CI runs every browser spec at once) can take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

// Issue 11, faults in the browser: the site shows the failure toast while the API is down and
// works again when it comes back, without a reload. The page's API requests go to a second,
// throw-away stack of this test's own (PGlite in a temporary folder), which is killed with
// SIGKILL and started again on the same port.

const dictionaries = { en, fr };
const refused = /ERR_CONNECTION_REFUSED/;
test.use({ allowConsoleErrors: [refused] });

interface ContactPage {
  locale: Locale;
  page: Page;
  form: Locator;
  name: Locator;
  email: Locator;
  message: Locator;
  submit: Locator;
  values: { name: string; email: string; message: string };
}

/** Sends every request for the e2e stack to the throw-away one; refused while it is down. */
async function routeTo(page: Page, stack: ThrowawayStack) {
  await page.route(`${stackUrl}/**`, async (route) => {
    const url = route.request().url().replace(stackUrl, stack.url);
    let response;
    try {
      response = await route.fetch({ url, maxRetries: 0 });
    } catch {
      // Nothing listens on the port: what the browser itself sees when the API is down.
      await route.abort("connectionrefused");
      return;
    }
    await route.fulfill({ response });
  });
}

async function openContact(page: Page, locale: Locale, tag: string): Promise<ContactPage> {
  const t = dictionaries[locale].leadForm;
  await page.goto(pathFor("contact", locale));
  await waitForForms(page);
  const form = page.getByTestId("lead-form-contact");
  const contact: ContactPage = {
    locale,
    page,
    form,
    name: form.getByLabel(t.fields.name.label),
    email: form.getByLabel(t.fields.email.label),
    message: form.getByLabel(t.fields.contactMessage.label),
    submit: form.getByRole("button", { name: t.submitContact }),
    values: {
      name: `Fault ${locale} ${tag}`,
      email: uniqueEmail(`fault-${locale}-${tag}`),
      message: `Sent while the API was down (${locale}).`,
    },
  };
  await contact.name.fill(contact.values.name);
  await contact.email.fill(contact.values.email);
  await contact.message.fill(contact.values.message);
  // Set once: still there after the retry only if the page was never reloaded.
  await page.evaluate(
    () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
  );
  return contact;
}

async function expectFailureKept(contact: ContactPage) {
  const t = dictionaries[contact.locale].leadForm;
  await contact.submit.click();
  const toast = contact.page.locator("[data-sonner-toast]").filter({ hasText: t.failure });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-type", "error");
  await expect(contact.name).toHaveValue(contact.values.name);
  await expect(contact.email).toHaveValue(contact.values.email);
  await expect(contact.message).toHaveValue(contact.values.message);
  await expect(contact.submit).toBeEnabled();
  await expect(contact.page).toHaveURL(pathFor("contact", contact.locale));
}

async function expectSuccessWithoutReload(contact: ContactPage) {
  const t = dictionaries[contact.locale].leadForm;
  await contact.submit.click();
  await expect(
    contact.page.locator("[data-sonner-toast]").filter({ hasText: t.success }),
  ).toBeVisible();
  await expect(contact.page).toHaveURL(pathFor("thankYou", contact.locale));
  expect(
    await contact.page.evaluate(
      () => (window as unknown as { __sameDocument?: boolean }).__sameDocument,
    ),
    "the page was not reloaded",
  ).toBe(true);
}

test("the contact form shows the failure toast while the API is down and sends once it is back, without a reload (en, fr)", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "appgrove-faults-"));
  const stack = new ThrowawayStack(await freePort(), dataDir);
  const figures = {
    firstStart: -1,
    restart: -1,
    failureToasts: 0,
    inputKept: 0,
    recovered: 0,
    storedOnce: 0,
    survived: false,
    leakedToMainStack: -1,
  };
  const frPage = await page.context().newPage();
  const frErrors: string[] = [];
  frPage.on("console", (message) => {
    if (message.type() === "error" && !refused.test(message.text())) frErrors.push(message.text());
  });
  frPage.on("pageerror", (error) => frErrors.push(`pageerror: ${error.message}`));
  const contacts: ContactPage[] = [];
  try {
    // The stack starts while the page opens (the form needs the API only to send).
    const starting = stack.start();
    starting.catch(() => undefined); // awaited below; a failure here must not go unhandled
    for (const target of [page, frPage]) {
      await rememberConsent(target, "denied");
      await routeTo(target, stack);
    }
    const before = await openContact(page, "en", `${tag}-before`);
    figures.firstStart = await starting;

    // Up: a first lead goes through.
    await expectSuccessWithoutReload(before);

    // A visitor in each language is filling in the form when the API dies.
    contacts.push(await openContact(page, "en", tag), await openContact(frPage, "fr", tag));
    await stack.kill();
    for (const contact of contacts) {
      await expectFailureKept(contact);
      figures.failureToasts += 1;
      figures.inputKept += 1;
    }

    // Back on the same port: the same forms, not reloaded, send the same input.
    figures.restart = await stack.start();
    for (const contact of contacts) {
      await expectSuccessWithoutReload(contact);
      figures.recovered += 1;
    }

    for (const contact of contacts) {
      const { data, error } = await stack
        .service()
        .from("leads")
        .select("name,email,message,language,source")
        .eq("email", contact.values.email);
      if (error) throw error;
      expect(data).toEqual([{ ...contact.values, language: contact.locale, source: "contact" }]);
      figures.storedOnce += data.length === 1 ? 1 : 0;
    }
    const { data: survivor } = await stack
      .service()
      .from("leads")
      .select("id")
      .eq("email", before.values.email);
    figures.survived = survivor?.length === 1;
    expect(survivor, "the lead sent before the crash survived it").toHaveLength(1);
    // Every request went to the throw-away stack: none of these leads reached the e2e stack.
    figures.leakedToMainStack = 0;
    for (const contact of [before, ...contacts])
      figures.leakedToMainStack += (await leadsFor(contact.values.email)).length;
    expect(figures.leakedToMainStack).toBe(0);
    expect(frErrors, "console errors on the French page").toEqual([]);
  } finally {
    await stack.kill();
    rmSync(dataDir, { recursive: true, force: true });
    // The stack's lock file sits next to its data folder (a killed stack leaves it behind).
    rmSync(`${dataDir}.lock`, { force: true });
    recordFigures("browser-faults", "Chromium", [
      {
        area: "faults",
        check: "API killed (SIGKILL) mid-visit: failure toast, input kept",
        backend: "Chromium",
        value: `${figures.failureToasts}/2 localized failure toasts (en, fr), input kept on ${figures.inputKept}/2 forms`,
        ok: figures.failureToasts === 2 && figures.inputKept === 2,
      },
      {
        area: "faults",
        check: "API back on the same port: retry without reload",
        backend: "Chromium",
        value: `${figures.recovered}/2 retries sent and thanked, ${figures.storedOnce}/2 stored exactly once, lead from before the crash ${figures.survived ? "kept" : "LOST"}; stack up in ${(figures.firstStart / 1000).toFixed(1)} s, back in ${(figures.restart / 1000).toFixed(1)} s`,
        ok:
          figures.recovered === 2 &&
          figures.storedOnce === 2 &&
          figures.survived &&
          figures.leakedToMainStack === 0,
      },
    ]);
  }
});
