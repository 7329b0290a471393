/**
 * Every spec's `test`: Playwright's, with one more check on every page a test opens. A script,
 * style, image, frame or connection refused by the Content-Security-Policy fails the test that
 * caused it (the policy must not break any page), whatever the test itself asserts.
 */
import { expect, test as base, type Locator } from "@playwright/test";

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const watch = (page: import("@playwright/test").Page) => {
        page.on("console", (message) => {
          const text = message.text();
          if (/Content Security Policy|Content-Security-Policy/i.test(text)) violations.push(`${page.url()}: ${text}`);
        });
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await use(violations);
      expect(violations, "the Content-Security-Policy refused something on a page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";

/** Whether React has hydrated an element (it keeps the element's props on it; the server's HTML alone has none). */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps")));
}
