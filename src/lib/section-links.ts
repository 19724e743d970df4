const fieldSelector = 'input:not([type="hidden"]):not([disabled]), select, textarea';

/**
 * Scrolls to a section and moves focus to its first field, or to its heading (marked
 * data-section-heading) while it holds none.
 */
export function focusSection(sectionId: string): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  const target =
    section.querySelector<HTMLElement>(fieldSelector) ??
    section.querySelector<HTMLElement>("[data-section-heading]");
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  target?.focus({ preventScroll: true });
}

let following = false;

/**
 * Makes every in-page link marked data-focus-section move focus into its section. One listener
 * on the document, added by the entry before the app loads: a click works on a prerendered page
 * before it has hydrated, and the (server-rendered) field keeps its focus through hydration.
 */
export function followSectionLinks(): void {
  if (following) return;
  following = true;
  document.addEventListener("click", (event) => {
    const plainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(
      "a[data-focus-section]",
    );
    if (!link || !plainClick || event.defaultPrevented) return;
    event.preventDefault();
    focusSection(link.hash.slice(1));
  });
}
