import { test as base, expect } from "@playwright/test";
import { stackUrl } from "./support/stack";

/**
 * Every browser test fails when the page prints a console error or throws, unless the test
 * declares the errors it expects with `allowConsoleErrors`.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowConsoleErrors: RegExp[];
  visitorAddress: string;
}>({
  allowConsoleErrors: [[], { option: true }],
  /**
   * Each test is its own visitor: the stack takes the first X-Forwarded-For entry of a request
   * from this machine as the client's address, which the database's per-address limits count.
   * Auth's own limits (sign-ins, codes, resets: supabase/local/src/auth/rate-limit.ts) count
   * the same address. The header is added on the way out, past the browser's CORS checks, to the
   * REST and Auth APIs (where the limits are), as a proxy in front of the stack would.
   */
  visitorAddress: [
    async ({ page }, use) => {
      const address = `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 256)).join(".")}`;
      for (const api of ["rest", "auth"]) {
        await page.route(`${stackUrl}/${api}/v1/**`, (route, request) =>
          route.fallback({ headers: { ...request.headers(), "x-forwarded-for": address } }),
        );
      }
      await use(address);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      // A page the host answers with its 404 page (an unknown path, a post whose page is not
      // built yet or is gone) makes Chromium log the document's status: that is the host being
      // honest, not the page failing. Tests assert what such a page shows.
      const notFoundDocuments = new Set<string>();
      page.on("response", (response) => {
        if (response.status() === 404 && response.request().isNavigationRequest()) {
          notFoundDocuments.add(response.url());
        }
      });
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const isDocumentStatus =
          /^Failed to load resource: the server responded with a status of 404/.test(
            message.text(),
          ) && notFoundDocuments.has(message.location().url);
        if (!isDocumentStatus) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      const unexpected = errors.filter(
        (text) => !allowConsoleErrors.some((pattern) => pattern.test(text)),
      );
      expect(unexpected, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
