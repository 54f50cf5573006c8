import type { Page } from "@playwright/test";

/**
 * Collects every Content-Security-Policy violation the page reports: the securitypolicyviolation
 * events of each document it loads (the listener is installed before any page script runs) and
 * Chromium's console report of the same. A blocked request, script or frame shows up here even
 * when the studio would carry on without it.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction(
    "__reportCspViolation",
    (violation: string) => void violations.push(violation),
  );
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation: (v: string) => void })
        .__reportCspViolation;
      void report(
        `${e.effectiveDirective} blocked ${e.blockedURI || "an inline resource"} at ${e.sourceFile || e.documentURI}:${e.lineNumber}`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  return violations;
}
