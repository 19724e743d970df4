import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * What axe finds on the page once its colours have settled, one line per rule with its first
 * three places. A colour caught halfway through a transition (a button as hydration enables it,
 * say) is no colour a visitor reads, so the finite transitions and animations end first; a
 * spinner's endless one is left running.
 */
export async function violationsOn(page: Page): Promise<string[]> {
  // The page first settles: no change to the document for a moment (a render that hydration
  // or an effect set off, and the transition it starts, are over), for 5 s at the most.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const done = () => {
          observer.disconnect();
          clearTimeout(longest);
          resolve();
        };
        let quiet = setTimeout(done, 300);
        const longest = setTimeout(done, 5_000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 300);
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      }),
  );
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
