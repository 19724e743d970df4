import { deferredComponent } from "@/lib/deferred-component";

/**
 * A post's body for the public pages. A prerendered body is already sanitised HTML, so the
 * sanitiser (DOMPurify) loads only when a post renders in the browser.
 */
export const LazyPostHtml = deferredComponent(
  () => import("./post-html").then((module) => module.PostHtml),
  { whenVisible: false },
);
