import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { e2eEnv } from "./devnet";
import { jobBody, seedQueuedJob } from "./seeded-job";

/** axe-core's WCAG 2.x A/AA rules; a serious or critical finding fails the test. */
async function seriousViolations(page: Page, state: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${state}: ${v.id} (${v.impact}) ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n")[1]?.trim() ?? ""}`).join(", ")}`,
    );
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`the studio has no serious or critical axe violations in the ${colorScheme} theme`, async ({
    page,
  }) => {
    const { base } = e2eEnv();
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    await page.goto(`${base}/`);
    await expect(page.getByRole("button", { name: "Use devnet demo wallet" })).toBeEnabled();
    expect(await page.evaluate(() => matchMedia(`(prefers-color-scheme: dark)`).matches)).toBe(
      colorScheme === "dark",
    );
    const found = await seriousViolations(page, "first visit");

    await page.getByRole("button", { name: "Use devnet demo wallet" }).click();
    await expect(page.getByTestId("wallet-address")).toBeVisible();
    await page.getByText("alpha custom", { exact: true }).click();
    await page.getByRole("textbox", { name: /^Prompt/ }).fill("A castle on a hill --ar 16:9");
    await page.getByRole("button", { name: "Get exact price" }).click();
    await expect(page.getByTestId("form-error")).toContainText("content policy");
    found.push(...(await seriousViolations(page, "wallet connected, prompt refused")));

    await page.getByRole("button", { name: "Sign in with wallet" }).click();
    await expect(page.getByTestId("history-result")).toContainText("paid by this wallet");
    found.push(...(await seriousViolations(page, "signed in with the wallet")));

    await page.getByText("Animate an image", { exact: true }).click();
    found.push(...(await seriousViolations(page, "image mode")));

    await page.goto(`${base}/no-such-page`);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    found.push(...(await seriousViolations(page, "404 page")));
    expect(found).toEqual([]);
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`a job card with progress, its request as code, then cancelled with a refund, passes axe in the ${colorScheme} theme`, async ({
    page,
  }) => {
    const { base } = e2eEnv();
    await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
    let cancelled = false;
    await seedQueuedJob(page, () =>
      cancelled
        ? {
            ...jobBody("cancelled", {
              phase: "done",
              queue_position: null,
              eta_seconds: 0,
              history: [],
            }),
            refund: { status: "pending", amount: "1.12", transaction: null },
          }
        : jobBody("queued", { phase: "queued", queue_position: 2, eta_seconds: 40, history: [] }),
    );
    await page.goto(`${base}/`);
    const card = page.getByTestId("job-card");
    await expect(card.getByTestId("job-progress")).toContainText("2nd in the queue");
    await card.getByText("Request as code").click();
    await expect(card.getByTestId("request-snippet")).toBeVisible();
    expect(await seriousViolations(page, "job card")).toEqual([]);

    // Cancelled, its refund on the way.
    cancelled = true;
    await expect(card.getByTestId("job-refund")).toContainText("1.12 USDC being sent back", {
      timeout: 20_000,
    });
    expect(await seriousViolations(page, "cancelled job card")).toEqual([]);
  });
}
