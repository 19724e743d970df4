import type { Page } from "@playwright/test";

export const gtagHost = "www.googletagmanager.com";
export const pixelHost = "connect.facebook.net";

/**
 * Intercepts every request to the analytics and pixel hosts: records it and answers with a
 * small stand-in script, so nothing leaves the machine and the calls stay inspectable.
 */
export async function interceptVendors(page: Page): Promise<string[]> {
  const requests: string[] = [];
  const vendor =
    /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|facebook\.net|facebook\.com)\//;
  await page.route(vendor, async (route) => {
    const url = route.request().url();
    requests.push(url);
    const body = url.includes(gtagHost)
      ? "(window.__vendorScripts = window.__vendorScripts || []).push('gtag');"
      : "(window.__vendorScripts = window.__vendorScripts || []).push('fbevents');";
    await route.fulfill({ status: 200, contentType: "text/javascript", body });
  });
  return requests;
}

/** What the page handed to gtag (dataLayer) and to the pixel (its queue), as plain arrays. */
export async function vendorCalls(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as {
      dataLayer?: ArrayLike<unknown>[];
      fbq?: { queue: ArrayLike<unknown>[] };
      __vendorScripts?: string[];
    };
    const plain = (entry: ArrayLike<unknown>) =>
      Array.from(entry).map((value) => (value instanceof Date ? "<date>" : value));
    return {
      gtag: (w.dataLayer ?? []).map(plain),
      pixel: (w.fbq?.queue ?? []).map(plain),
      scripts: w.__vendorScripts ?? [],
    };
  });
}
