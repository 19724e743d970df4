import { expect, type Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the layout (the footer is its last part): before that, a
 * click on a prerendered button does nothing.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const footer = document.querySelector("footer");
        return Boolean(footer && Object.keys(footer).some((key) => key.startsWith("__reactFiber")));
      }),
    )
    .toBe(true);
}
