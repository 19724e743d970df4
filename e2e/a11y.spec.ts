import AxeBuilder from "@axe-core/playwright";
import { locales, pathFor, publicRouteIds, publicRoutes } from "../src/config/routes";
import { expect, test } from "./fixtures";

const pages = publicRouteIds
  .filter((id) => !publicRoutes[id].paths.en.includes(":"))
  .flatMap((id) => locales.map((locale) => pathFor(id, locale)));

for (const path of [...pages, "/blog/mobile-user-acquisition-playbook", "/fr/nulle-part"]) {
  test(`${path} has no accessibility violations (axe)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    expect(
      violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((node) => node.target.join(" "))
            .slice(0, 3)
            .join(", ")}`,
      ),
    ).toEqual([]);
  });
}
