import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { allowedLinkPattern, isAllowedImageUrl } from "./safe-url";

// Exactly what the editor can produce: nothing else survives.
const ALLOWED_TAGS = [
  "p",
  "h1",
  "h2",
  "h3",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "hr",
  "br",
  "a",
  "img",
  "label",
  "input",
  "div",
  "span",
];
const ALLOWED_ATTR = [
  "href",
  "target",
  "rel",
  "src",
  "alt",
  "title",
  "width",
  "height",
  "start",
  "data-type",
  "data-checked",
  "type",
  "checked",
  "disabled",
];

let purifier: Purifier | undefined;
let domWindow: (Window & typeof globalThis) | undefined;

/** Lends the sanitiser a DOM where there is none (prerendering in Node). */
export function provideSanitizerWindow(window: Window & typeof globalThis): void {
  domWindow = window;
  purifier = undefined;
}

function createPurifier(window: Window & typeof globalThis): Purifier {
  const purify = DOMPurify(window);
  purify.addHook("afterSanitizeAttributes", (node) => {
    if (node.nodeName === "A") {
      if (node.getAttribute("target") === "_blank") node.setAttribute("rel", "noopener noreferrer");
      else node.removeAttribute("target");
    }
    if (node.nodeName === "IMG" && !isAllowedImageUrl(node.getAttribute("src") ?? "")) {
      node.remove();
    }
    if (node.nodeName === "INPUT") {
      // Only the read-only checkbox of a task list item.
      if (node.getAttribute("type") !== "checkbox") {
        node.remove();
      } else {
        node.setAttribute("disabled", "");
        // The editor's task items label their checkbox with nothing: name it after its item.
        const item = node.closest('li[data-type="taskItem"]');
        const text = item?.textContent?.trim();
        if (text) node.setAttribute("aria-label", text);
      }
    }
  });
  return purify;
}

/**
 * Sanitises a post's HTML for rendering. Needs a DOM: the browser's, or the one lent by
 * provideSanitizerWindow. Without one it returns an empty string rather than unsanitised HTML.
 */
export function sanitizePostHtml(html: string | null | undefined): string {
  if (!html) return "";
  const host = domWindow ?? (typeof window === "undefined" ? undefined : window);
  if (!host) return "";
  purifier ??= createPurifier(host);
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: allowedLinkPattern,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}
