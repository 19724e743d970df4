const fieldSelector = 'input:not([type="hidden"]):not([disabled]), select, textarea';

/**
 * Scrolls to a section and moves focus to its first field, or to its heading (marked
 * data-section-heading) while it holds none. `smooth: false` jumps, as a browser does to the
 * anchor of a page it has just opened.
 */
export function focusSection(sectionId: string, { smooth = true } = {}): void {
  const section = document.getElementById(sectionId);
  if (!section) return;
  const target =
    section.querySelector<HTMLElement>(fieldSelector) ??
    section.querySelector<HTMLElement>("[data-section-heading]");
  const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  section.scrollIntoView({ behavior: smooth && !reduceMotion ? "smooth" : "auto", block: "start" });
  target?.focus({ preventScroll: true });
}

/**
 * Moves focus into the section the URL's hash names, when it is one (it has a heading marked
 * data-section-heading): a call to action on another page links to a form this way.
 */
export function focusLinkedSection(hash: string): void {
  const id = hash.replace(/^#/, "");
  if (id && document.getElementById(id)?.querySelector("[data-section-heading]")) {
    focusSection(id, { smooth: false });
  }
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
  // A page opened from a link to one of its sections. Once loaded, and a frame later: until its
  // first frame after that, the browser may still clear the focus as it scrolls to the fragment.
  // Not if the visitor has focused something meanwhile.
  const focusOnArrival = () =>
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) focusLinkedSection(window.location.hash);
    });
  if (document.readyState === "complete") focusOnArrival();
  else window.addEventListener("load", focusOnArrival, { once: true });
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
