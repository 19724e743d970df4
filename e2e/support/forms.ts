import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's forms are hydrated (their submit buttons are enabled): values typed
 * into the prerendered HTML before then are not seen by React.
 */
export async function waitForForms(page: Page) {
  for (const button of await page.locator("main form button[type=submit]").all()) {
    await expect(button).toBeEnabled();
  }
}
