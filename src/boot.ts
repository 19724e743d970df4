import "./index.css";
import { followSectionLinks } from "./lib/section-links";

followSectionLinks();

// A prerendered page is complete without JavaScript, so the app (React, the router, the page's
// chunk) is fetched only once the page has painted: the stylesheet, the font and the largest
// image have the connection to themselves until then, and hydration never delays the first
// paint. A page with nothing prerendered (the staff area) starts the app at once.
function firstContentfulPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      if (!entries.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

const prerendered = Boolean(document.getElementById("root")?.hasChildNodes());
void (prerendered ? firstContentfulPaint() : Promise.resolve()).then(() => import("./main"));
