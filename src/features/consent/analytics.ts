// Google Analytics (gtag.js) and the Meta pixel, loaded only after consent and only when their
// IDs are configured (docs/ARCHITECTURE.md, decision 9). Kept tiny: it ships with every page.
import { env } from "@/config/env";
import { getConsent } from "./consent-store";

type Command = (...args: unknown[]) => void;
interface Pixel extends Command {
  callMethod?: Command;
  queue: unknown[];
  push: Pixel;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Pixel;
    _fbq?: Pixel;
  }
}

const gaId = env.gaMeasurementId;
const pixelId = env.metaPixelId;

export const analyticsConfigured = Boolean(gaId || pixelId);

let loaded = false;

function addScript(src: string) {
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.append(script);
}

/** Loads the configured vendors once; a no-op without consent. */
export function loadAnalytics(): boolean {
  if (typeof window === "undefined" || getConsent() !== "granted") return false;
  if (loaded) return true;
  loaded = true;
  if (gaId) {
    window.dataLayer ??= [];
    // gtag.js reads `arguments` objects from the data layer, not arrays.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", gaId, { anonymize_ip: true });
    addScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaId)}`);
  }
  if (pixelId && !window.fbq) {
    // Meta's loader stub: calls queue up until fbevents.js takes over.
    const fbq = function () {
      // eslint-disable-next-line prefer-rest-params
      if (fbq.callMethod) fbq.callMethod(...arguments);
      // eslint-disable-next-line prefer-rest-params
      else fbq.queue.push(arguments);
    } as Pixel;
    Object.assign(fbq, { push: fbq, loaded: true, version: "2.0", queue: [] });
    window.fbq = window._fbq = fbq;
    fbq("init", pixelId);
    fbq("track", "PageView");
    addScript("https://connect.facebook.net/en_US/fbevents.js");
  }
  return true;
}

/** After a withdrawal: the vendors stop sending and their cookies go. */
export function revokeAnalytics() {
  if (!loaded) return;
  window.gtag?.("consent", "update", { analytics_storage: "denied", ad_storage: "denied" });
  window.fbq?.("consent", "revoke");
  const host = window.location.hostname;
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]!.trim();
    if (!/^(_ga|_gid|_gat|_fbp|_fbc)/.test(name)) continue;
    for (const domain of [
      "",
      `; domain=${host}`,
      `; domain=.${host.split(".").slice(-2).join(".")}`,
    ])
      document.cookie = `${name}=; max-age=0; path=/${domain}`;
  }
}

/** A page view after a client-side navigation (the first one is sent on load). */
export function trackPageView() {
  if (!loaded || getConsent() !== "granted") return;
  window.gtag?.("event", "page_view", {
    page_location: window.location.href,
    page_title: document.title,
  });
  window.fbq?.("track", "PageView");
}

/** A lead was stored: the pixel's Lead event and the Contact_Send event, with the form. */
export function trackLead(source: string) {
  if (!loadAnalytics()) return;
  window.fbq?.("track", "Lead", { content_category: source });
  window.gtag?.("event", "Contact_Send", { source });
}

/** The thank-you page was shown. */
export function trackThankYou(language: string) {
  if (!loadAnalytics()) return;
  window.gtag?.("event", "Contact_Send", { source: "thank_you", language });
}
