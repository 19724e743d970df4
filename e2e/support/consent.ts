import type { Page } from "@playwright/test";
import { storageKey, type ConsentChoice } from "./site";

/**
 * The visitor already answered the consent banner, so it stays out of the way: the answer is in
 * localStorage before any script of the page runs. Top frame only, since frames may be opaque
 * (their storage throws), and only the top frame reads the answer.
 */
export async function rememberConsent(page: Page, choice: ConsentChoice) {
  await page.addInitScript(
    ({ key, value }) => {
      if (window.top === window) window.localStorage.setItem(key, value);
    },
    { key: storageKey, value: choice },
  );
}
