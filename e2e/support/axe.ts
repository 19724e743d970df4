import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * What axe finds on the page once its colours have settled, one line per rule with its first
 * three places. A colour caught halfway through a transition (a button as hydration enables it,
 * say) is no colour a visitor reads, so the finite transitions and animations end first; a
 * spinner's endless one is left running.
 */
export async function violationsOn(
  page: Page,
  {
    exclude = [],
  }: {
    /**
     * What axe leaves out: a sandboxed frame without scripts (an e-mail's preview), where axe
     * cannot run and would wait until the test times out.
     */
    exclude?: string[];
  } = {},
): Promise<string[]> {
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
  const builder = new AxeBuilder({ page }).withTags([
    "wcag2a",
    "wcag2aa",
    "wcag21a",
    "wcag21aa",
    "best-practice",
  ]);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((node) => node.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}
