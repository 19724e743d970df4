import { expect, type Page } from "@playwright/test";

/**
 * Scrolls to the page's forms as a visitor would (their code loads as they come into view) and
 * waits until they are hydrated (their submit buttons are enabled): values typed into the
 * prerendered HTML before then are not seen by React.
 */
export async function waitForForms(page: Page) {
  for (const button of await page.locator("main form button[type=submit]").all()) {
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeEnabled();
  }
}
