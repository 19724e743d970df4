import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * What axe finds on the page once its colours have settled, one line per rule with its first
 * three places. A colour caught halfway through a transition (a button as hydration enables it,
 * say) is no colour a visitor reads, so the finite transitions and animations end first; a
 * spinner's endless one is left running.
 */
export async function violationsOn(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
