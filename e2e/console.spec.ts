import { locales, pathFor, publicRouteIds, publicRoutes, type PublicRouteId } from "./support/site";
import { devSiteUrl } from "./support/dev-site";
import { expect, test } from "./fixtures";
import { waitForForms } from "./support/forms";
import { waitForHydration } from "./support/hydration";
import { newestPostSlug } from "./support/posts";

// React reports its misuse (of hooks, of use(), of keys) only in its development build: these
// tests read the console of the prerendered site built with it.
test.use({ baseURL: devSiteUrl });

// Every public page in both languages, as a visitor meets it: the prerendered HTML, hydration,
// a click on the header's link to the page itself (the logo, the navigation) while its deferred
// parts (forms, newsletter) are still server HTML, then a scroll to the end, which hydrates them.
// A console error or a page error fails any test (./fixtures); a console warning fails these.
for (const locale of locales) {
  for (const id of publicRouteIds as readonly PublicRouteId[]) {
    const route = publicRoutes[id].paths[locale];
    test(`${route} loads, hydrates, re-renders and scrolls without a console error or warning`, async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      const path =
        id === "blogPost" ? pathFor(id, locale, { slug: await newestPostSlug(locale) }) : route;

      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await waitForHydration(page);

      const selfLink = page
        .getByRole("banner")
        .locator(`a[href="${path}"]`)
        .filter({ visible: true });
      if ((await selfLink.count()) > 0) {
        await selfLink.first().click();
        await expect(page).toHaveURL(path);
      }

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await waitForForms(page);
      await page.waitForLoadState("networkidle");

      expect(warnings, "console warnings").toEqual([]);
    });
  }
}
