import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Each test gets fresh modules (the store caches the stored choice) and its own vendor IDs.
async function load(ids: { ga?: string; pixel?: string }) {
  vi.resetModules();
  vi.doMock("@/config/env", () => ({
    env: { gaMeasurementId: ids.ga, metaPixelId: ids.pixel },
  }));
  const store = await import("../consent-store");
  const analytics = await import("../analytics");
  return { ...store, ...analytics };
}

function scripts() {
  return [...document.querySelectorAll("script")].map((script) => script.src);
}

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = "";
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
  delete window._fbq;
});

afterEach(() => vi.doUnmock("@/config/env"));

describe("consent store", () => {
  it("reads only the two known answers", async () => {
    const { parseChoice } = await load({});
    expect(parseChoice("granted")).toBe("granted");
    expect(parseChoice("denied")).toBe("denied");
    expect(parseChoice("yes")).toBeNull();
    expect(parseChoice(null)).toBeNull();
  });

  it("remembers the choice in localStorage", async () => {
    const { getConsent, setConsent, storageKey } = await load({});
    expect(getConsent()).toBeNull();
    setConsent("denied");
    expect(localStorage.getItem(storageKey)).toBe("denied");
    expect(getConsent()).toBe("denied");
  });
});

describe("analytics", () => {
  it("loads nothing without consent", async () => {
    const { loadAnalytics, trackLead, trackThankYou } = await load({ ga: "G-1", pixel: "42" });
    expect(loadAnalytics()).toBe(false);
    trackLead("homepage");
    trackThankYou("en");
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.fbq).toBeUndefined();
  });

  it("loads nothing without IDs, even with consent", async () => {
    const { analyticsConfigured, loadAnalytics, setConsent } = await load({});
    expect(analyticsConfigured).toBe(false);
    setConsent("granted");
    loadAnalytics();
    expect(scripts()).toEqual([]);
    expect(window.fbq).toBeUndefined();
  });

  it("after consent loads each vendor once and sends the lead events", async () => {
    const { loadAnalytics, setConsent, trackLead, trackThankYou } = await load({
      ga: "G-1",
      pixel: "42",
    });
    setConsent("granted");
    expect(loadAnalytics()).toBe(true);
    loadAnalytics();
    expect(scripts()).toEqual([
      "https://www.googletagmanager.com/gtag/js?id=G-1",
      "https://connect.facebook.net/en_US/fbevents.js",
    ]);

    trackLead("about");
    trackThankYou("fr");
    const gtag = window.dataLayer!.map((entry) => Array.from(entry as ArrayLike<unknown>));
    const pixel = window.fbq!.queue.map((entry) => Array.from(entry as ArrayLike<unknown>));
    expect(gtag).toContainEqual(["config", "G-1", { anonymize_ip: true }]);
    expect(gtag).toContainEqual(["event", "Contact_Send", { source: "about" }]);
    expect(gtag).toContainEqual(["event", "Contact_Send", { source: "thank_you", language: "fr" }]);
    expect(pixel).toEqual([
      ["init", "42"],
      ["track", "PageView"],
      ["track", "Lead", { content_category: "about" }],
    ]);
  });

  it("loads only the configured vendor", async () => {
    const { loadAnalytics, setConsent } = await load({ pixel: "42" });
    setConsent("granted");
    loadAnalytics();
    expect(scripts()).toEqual(["https://connect.facebook.net/en_US/fbevents.js"]);
    expect(window.gtag).toBeUndefined();
  });

  it("stops sending after a withdrawal", async () => {
    const { loadAnalytics, revokeAnalytics, setConsent, trackLead } = await load({ ga: "G-1" });
    setConsent("granted");
    loadAnalytics();
    revokeAnalytics();
    setConsent("denied");
    const before = window.dataLayer!.length;
    trackLead("contact");
    expect(window.dataLayer!.length).toBe(before);
  });
});
