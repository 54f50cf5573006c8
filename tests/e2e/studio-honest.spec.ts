import { expect, type Page, test } from "@playwright/test";
import { devnetAccount } from "@/lib/devnet/accounts";
import { watchCspViolations } from "./csp";
import { e2eEnv, usdcBalance } from "./devnet";
import { DEMO_WALLET, JOB_ID, jobBody, seedQueuedJob } from "./seeded-job";
import { injectTestWallet } from "./test-wallet";

// Hardhat/anvil account #6: funded on the devnet, unlocked on the node, paid with by no other spec.
const PAYER = devnetAccount(6).address;

let cspViolations: string[] = [];
test.beforeEach(async ({ page }) => {
  cspViolations = await watchCspViolations(page);
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

/** Console errors and uncaught exceptions of the page, as a person's devtools would show them. */
function watchConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

test("a changed field withdraws the quote; the new quote is what the chain charges and the card shows", async ({
  page,
}) => {
  const { base, rpc } = e2eEnv();
  // A phone: the new card lands below the form and must be brought into view.
  await page.setViewportSize({ width: 390, height: 844 });
  const wallet = await injectTestWallet(page, { rpcUrl: rpc, address: PAYER, chainId: 31337 });
  const before = await usdcBalance(PAYER);
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toContainText(PAYER.slice(0, 6));

  await page.getByText("alpha-fast custom").click();
  const prompt = "A red kite over a wheat field at dusk";
  await page.getByRole("textbox", { name: /^Prompt/ }).fill(prompt);
  await page.locator('input[name="duration"]').fill("4");
  await page.locator('select[name="resolution"]').selectOption("480p");
  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(page.getByTestId("quoted-price")).toHaveText("0.26 USDC");
  const pay = page.getByTestId("pay-button");
  await expect(pay).toHaveText("Pay 0.26 USDC and generate");

  // Each kind of change withdraws the quote at once: duration, resolution, prompt.
  await page.locator('input[name="duration"]').fill("12");
  await expect(pay).toHaveCount(0);
  await expect(page.getByTestId("quote-withdrawn")).toContainText("0.26 USDC was withdrawn");
  await expect(page.getByTestId("live-price")).toHaveText("0.78 USDC");
  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(pay).toHaveText("Pay 0.78 USDC and generate");
  await page.locator('select[name="resolution"]').selectOption("720p");
  await expect(pay).toHaveCount(0);
  // 0.182 × 12 = 2.184 → 2.19: the headline is the book's estimate until quoted.
  await expect(page.getByTestId("live-price")).toHaveText("2.19 USDC");
  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(pay).toHaveText("Pay 2.19 USDC and generate");
  await page.getByRole("textbox", { name: /^Prompt/ }).fill(`${prompt}.`);
  await expect(pay).toHaveCount(0);
  await page.getByRole("textbox", { name: /^Prompt/ }).fill(prompt);
  await expect(pay).toHaveCount(0);
  expect(wallet.calls).not.toContain("eth_signTypedData_v4");

  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(page.getByTestId("live-price")).toHaveText("2.19 USDC");
  // An impatient double click asks the wallet once and pays once.
  await pay.dblclick();
  const card = page.getByTestId("job-card").first();
  await expect(card).toBeInViewport();
  await expect(card.getByTestId("job-facts")).toHaveText("12 s clip · 720p · 16:9 · 2.19 USDC");
  expect(wallet.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(1);
  expect(before - (await usdcBalance(PAYER))).toBe(2_190_000n);

  // The card keeps what the server recorded for the job, whatever the form says afterwards.
  await page.locator('input[name="duration"]').fill("5");
  await page.getByRole("textbox", { name: /^Prompt/ }).fill("Something else entirely");
  await expect(card.getByTestId("job-facts")).toHaveText("12 s clip · 720p · 16:9 · 2.19 USDC");
  await expect(card.getByTestId("job-prompt")).toHaveText(prompt);
});

test("a first visit logs no console error and explains the wallet options; the form remembers its settings", async ({
  page,
}) => {
  const { base } = e2eEnv();
  const errors = watchConsoleErrors(page);
  await page.goto(`${base}/`);
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeEnabled();
  // Honest about the renderer: a newcomer must not think generation is broken.
  await expect(page.getByTestId("renderer-notice")).toContainText("local stand-in renderer");
  await expect(page.getByTestId("jobs-empty")).toContainText("No clips yet");

  // This browser has no wallet extension: the page explains the options instead of a raw error.
  await page.getByRole("button", { name: "Connect wallet" }).click();
  const help = page.getByTestId("wallet-help");
  await expect(help).toContainText("No browser wallet found");
  await expect(help).toContainText("demo wallet");
  await expect(help).not.toContainText(/provider not found/i);

  await page.getByText("Animate an image", { exact: true }).click();
  // The image tab starts on the cheaper product.
  await expect(page.getByRole("radio", { name: /alpha-fast image-to-video/ })).toBeChecked();
  await page.getByText("Write a prompt", { exact: true }).click();
  await page.getByText("alpha custom", { exact: true }).click();
  await page.getByRole("textbox", { name: /^Prompt/ }).fill("A glass whale in a night sky");
  await page.locator('input[name="duration"]').fill("9");
  await page.locator('select[name="resolution"]').selectOption("1080p");
  await page.locator('input[name="generate_audio"]').check();
  await page.reload();
  await expect(page.getByRole("textbox", { name: /^Prompt/ })).toHaveValue(
    "A glass whale in a night sky",
  );
  await expect(page.getByRole("radio", { name: /^alpha custom/ })).toBeChecked();
  await expect(page.locator('input[name="duration"]')).toHaveValue("9");
  await expect(page.locator('select[name="resolution"]')).toHaveValue("1080p");
  await expect(page.locator('input[name="generate_audio"]')).toBeChecked();
  expect(errors).toEqual([]);
});

test("a reload with the demo wallet and a stored clip logs no console error", async ({ page }) => {
  const { base } = e2eEnv();
  await seedQueuedJob(page, () => jobBody("queued"));
  // The seeded job's event stream: open, quiet, as a real queued job's is between events.
  await page.route(`**/jobs/${JOB_ID}/events`, (route) =>
    route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 60000\n\n" }),
  );
  const errors = watchConsoleErrors(page);
  await page.goto(`${base}/`);
  await expect(page.getByTestId("wallet-address")).toContainText(DEMO_WALLET.slice(0, 6));
  await expect(page.getByTestId("job-card").getByTestId("job-status")).toHaveText("Queued");
  await expect(
    page.getByTestId("job-card").getByRole("button", { name: "Cancel this clip" }),
  ).toBeVisible();
  // Long enough for any load-time probe or poll to have run.
  await page.waitForTimeout(1500);
  expect(errors).toEqual([]);
});

test("the ETA counts down from the service's figure and an overdue job says so; attempts only once one exists", async ({
  page,
}) => {
  const { base } = e2eEnv();
  let status = "queued";
  let started = 0;
  await seedQueuedJob(page, () =>
    status === "queued"
      ? {
          ...jobBody("queued", {
            phase: "queued",
            queue_position: 2,
            eta_seconds: 60,
            history: [],
          }),
          attempts: 0,
        }
      : {
          ...jobBody("generating", {
            phase: "generating",
            queue_position: null,
            // As the service computes it: the typical time (4 s here) less the time already spent.
            eta_seconds: Math.max(0, Math.round(4 - (Date.now() - started) / 1000)),
            history: [
              {
                provider: "local",
                started_at: new Date(started).toISOString(),
                finished_at: null,
                outcome: "running",
                error_code: null,
              },
            ],
          }),
          attempts: 1,
        },
  );
  // No event stream here: the card polls, as it does when the stream is down.
  await page.route(`**/jobs/${JOB_ID}/events`, (route) => route.abort("connectionreset"));
  await page.goto(`${base}/`);
  const card = page.getByTestId("job-card");
  const progress = card.getByTestId("job-progress");
  await expect(progress).toContainText("2nd in the queue · ready in about");
  await expect(card).not.toContainText("attempt");

  started = Date.now();
  status = "generating";
  await expect(card).toContainText("attempt 1", { timeout: 20_000 });
  await expect(progress).toContainText(/ready in about [1-4] s/);
  // 4 s later the estimate has passed: the card says so instead of "about 0 s".
  await expect(card.getByTestId("job-overdue")).toBeVisible({ timeout: 15_000 });
  await expect(progress).toHaveAttribute("data-overdue", "true");
  await expect(progress).not.toContainText("ready in about 0 s");
  await expect(progress).toContainText(/taking a little longer|over its estimate/);
});
