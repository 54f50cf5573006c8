/**
 * Screenshots of the studio's main states at 1366 px and 390 px, light and dark, into
 * docs/screenshots/. Runs the built app on a fresh devnet and pays with the demo wallet.
 *
 *   npx next build && node --conditions=react-server --import tsx scripts/studio-screenshots.ts
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startTestChain } from "../tests/helpers/chain";
import { startServer } from "../tests/helpers/server";

const OUT = path.join(process.cwd(), "docs", "screenshots");
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

async function shoot(page: Page, name: string, fullPage: boolean) {
  const file = path.join(OUT, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

async function main() {
  await mkdir(OUT, { recursive: true });
  const chain = await startTestChain();
  // A render slow enough to be caught generating, with its estimate counting down.
  const server = await startServer({
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    LOCAL_RENDER_MIN_LATENCY_MS: "6000",
  });
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ARGS });
  try {
    for (const [width, height, tag] of [
      [1366, 900, "1366"],
      [390, 844, "390"],
    ] as const) {
      for (const scheme of ["light", "dark"] as const) {
        const context = await browser.newContext({
          viewport: { width, height },
          colorScheme: scheme,
          reducedMotion: "reduce",
          deviceScaleFactor: 1,
        });
        // A shared 2-core machine can take a minute for a first page: wait rather than fail.
        context.setDefaultTimeout(120_000);
        const page = await context.newPage();
        const name = (state: string) => `studio-${state}-${tag}${scheme === "dark" ? "-dark" : ""}`;
        const full = width > 800;
        await page.goto(`${server.url}/`);
        await page.getByRole("button", { name: "Use devnet demo wallet" }).waitFor();
        await shoot(page, name("first-visit"), full);
        if (scheme === "dark") {
          await context.close();
          continue;
        }
        await page.getByRole("button", { name: "Connect wallet" }).click();
        await page.getByTestId("wallet-help").waitFor();
        await shoot(page, name("no-wallet"), false);
        await page.getByRole("button", { name: "Close" }).click();

        await page.getByRole("button", { name: "Use devnet demo wallet" }).click();
        await page.getByTestId("wallet-balance").waitFor();
        await page.getByText("alpha-fast custom").click();
        await page
          .getByRole("textbox", { name: /^Prompt/ })
          .fill("A paper lantern drifting over a quiet lake at night, cinematic");
        await page.locator('input[name="duration"]').fill("4");
        await page.locator('select[name="resolution"]').selectOption("480p");
        await page.getByRole("button", { name: "Get exact price" }).click();
        await page.getByTestId("pay-button").waitFor();
        await page.getByTestId("pay-button").scrollIntoViewIfNeeded();
        await shoot(page, name("quote"), full);

        await page.locator('input[name="duration"]').fill("6");
        await page.getByTestId("quote-withdrawn").waitFor();
        await page.getByTestId("quote-withdrawn").scrollIntoViewIfNeeded();
        await shoot(page, name("quote-withdrawn"), full);
        await page.getByRole("button", { name: "Get exact price" }).click();
        await page.getByTestId("pay-button").click();
        const card = page.getByTestId("job-card").first();
        await card.getByText("Generating", { exact: true }).first().waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1500);
        await shoot(page, name("generating"), full);
        await card.getByTestId("job-video").waitFor({ timeout: 120_000 });
        await page.waitForTimeout(1000);
        await card.scrollIntoViewIfNeeded();
        await shoot(page, name("ready"), full);

        await page.evaluate(() => localStorage.removeItem("reel402.jobs"));
        await page.reload();
        await page.getByRole("button", { name: "Sign in with wallet" }).click();
        await page.getByTestId("signed-in").waitFor();
        await page.getByTestId("job-card").first().scrollIntoViewIfNeeded();
        await shoot(page, name("history"), full);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await chain.stop();
  }
}

await main();
