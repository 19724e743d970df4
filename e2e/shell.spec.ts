import { brand } from "../shared/site";
import {
  dictionaries,
  locales,
  pathFor,
  publicRouteIds,
  publicRoutes,
  type Locale,
} from "./support/site";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./support/hydration";

/** "… | <brand>": every page's title ends with the brand. */
const titledAfterTheBrand = new RegExp(
  ` \\| ${brand.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`,
);

const pages = publicRouteIds
  .filter((id) => !publicRoutes[id].paths.en.includes(":"))
  .flatMap((id) => locales.map((locale) => ({ id, locale, path: pathFor(id, locale) })));

for (const { id, locale, path } of pages) {
  test(`${path} renders inside the shared layout in ${locale}`, async ({ page }) => {
    const t = dictionaries[locale];
    await page.goto(path);

    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page).toHaveTitle(titledAfterTheBrand);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      t.meta[id].description,
    );

    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: t.header.homeLink })).toHaveAttribute(
      "href",
      pathFor("home", locale),
    );
    await expect(header.getByRole("link", { name: t.header.bookConsultation })).toHaveAttribute(
      "href",
      pathFor("contact", locale),
    );
    const nav = header.getByRole("navigation", { name: t.header.mainNavigation }).first();
    await expect(nav.getByRole("link", { name: t.routes.blog })).toHaveAttribute(
      "href",
      pathFor("blog", locale),
    );

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(String(new Date().getFullYear()))).toBeVisible();
    await expect(footer.getByRole("link", { name: t.routes.privacy })).toHaveAttribute(
      "href",
      pathFor("privacy", locale),
    );
  });
}

test("the active navigation link is highlighted", async ({ page }) => {
  await page.goto("/fr/a-propos");
  const nav = page.getByRole("banner").getByRole("navigation").first();
  await expect(nav.getByRole("link", { name: "À propos" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Accueil" })).not.toHaveAttribute("aria-current");
});

const toggles: [string, Locale, string][] = [
  ["/case-studies", "fr", "/fr/etudes-de-cas"],
  ["/fr/a-propos", "en", "/about"],
  ["/fr/blog", "en", "/blog"],
  ["/privacy", "fr", "/fr/confidentialite"],
];

for (const [from, target, to] of toggles) {
  test(`the language toggle leads from ${from} to ${to}`, async ({ page }) => {
    await page.goto(from);
    await page.getByRole("banner").getByTestId("language-toggle").filter({ visible: true }).click();
    await expect(page).toHaveURL(to);
    await expect(page.locator("html")).toHaveAttribute("lang", target);
    await expect(
      page
        .getByRole("banner")
        .getByRole("link", { name: dictionaries[target].header.bookConsultation }),
    ).toBeVisible();
  });
}

test("a prerendered page paints before the app's code is fetched", async ({ page }) => {
  await page.goto("/");
  // Only the small boot module (the document's module script) may load before the first paint;
  // the app's chunks, whatever names the bundler gave them, start after it.
  const timing = () =>
    page.evaluate(() => {
      const boot = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        app: performance
          .getEntriesByType("resource")
          .filter(({ name }) => /\/assets\/[\w.-]+\.js$/.test(name) && name !== boot)
          .map(({ startTime }) => startTime),
      };
    });
  await expect.poll(async () => (await timing()).app.length).toBeGreaterThan(0);
  const { paint, app } = await timing();
  expect(paint).toBeDefined();
  expect(Math.min(...app)).toBeGreaterThanOrEqual(paint ?? Infinity);
});

test.describe("404", () => {
  test.use({ allowConsoleErrors: [] });

  for (const locale of locales) {
    test(`an unknown path shows the ${locale} 404 page and logs the path`, async ({ page }) => {
      const t = dictionaries[locale];
      const bad = locale === "fr" ? "/fr/nulle-part" : "/nowhere";
      const warnings: string[] = [];
      page.on("console", (message) => warnings.push(message.text()));

      await page.goto(bad);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.notFound.title);
      // The prerendered 404 page shows at once; the app logs the path once it has started.
      await expect.poll(() => warnings.some((text) => text.includes(bad))).toBe(true);
      await expect(page.getByRole("contentinfo")).toBeVisible();

      await page.getByRole("link", { name: t.notFound.cta }).click();
      await expect(page).toHaveURL(pathFor("home", locale));
    });
  }
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens, closes on Escape and on link click, and works by keyboard", async ({ page }) => {
    await page.goto("/");
    // Enter on the prerendered button does nothing until React has hydrated it.
    await waitForHydration(page);
    const button = page.getByRole("button", { name: /menu/ });
    await expect(button).toHaveAccessibleName("Open menu");
    await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeHidden();

    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(button).toHaveAccessibleName("Close menu");
    const menu = page.getByRole("navigation", { name: "Main navigation" });
    await expect(menu.getByRole("link", { name: "Case Studies" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { id, locale, path } of pages) {
    test(`${path} is prerendered with its content and links`, async ({ page }) => {
      const t = dictionaries[locale];
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page).toHaveTitle(new RegExp(`^${t.meta[id].title.replace(/[()]/g, "\\$&")}`));
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(
        page.getByRole("contentinfo").getByRole("link", { name: t.routes.privacy }),
      ).toHaveAttribute("href", pathFor("privacy", locale));
    });
  }
});
