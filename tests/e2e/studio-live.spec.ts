import { expect, type Page, test } from "@playwright/test";
import { devnetAccount } from "@/lib/devnet/accounts";
import { fundAccounts } from "../helpers/fund";
import { payForJob } from "../helpers/pay";
import { waitFor } from "../helpers/poll";
import { startServer, type TestServer } from "../helpers/server";
import { watchCspViolations } from "./csp";
import { e2eEnv, usdcBalance } from "./devnet";
import { injectTestWallet } from "./test-wallet";

// Devnet accounts #10 and #11: outside the node's unlocked ten, funded here, signing in the test
// wallet like a real one. #10 watches a job live; #11 cancels one and signs in for its history.
const WATCHER = devnetAccount(10);
const CANCELLER = devnetAccount(11);
const BODY = { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };
const PRICE = 260_000n; // alpha-fast custom, 4 s at 480p: 0.065 × 4

/**
 * Its own server on the suite's devnet: one job per wallet at a time and a 15 s render, so a
 * wallet's second clip waits in the queue long enough to be watched there and cancelled.
 */
let server: TestServer;
test.beforeAll(async () => {
  const { rpc, token } = e2eEnv();
  await fundAccounts(rpc, token, [10, 11], 1_000_000_000n);
  server = await startServer({
    RPC_URL: rpc,
    USDC_ADDRESS: token,
    POLL_INTERVAL_MS: "150",
    LOCAL_RENDER_MIN_LATENCY_MS: "15000",
    LIMIT_ACTIVE_JOBS_PER_WALLET: "1",
  });
});
test.afterAll(async () => {
  await server?.stop();
});

let cspViolations: string[] = [];
test.beforeEach(async ({ page }) => {
  cspViolations = await watchCspViolations(page);
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

type Account = ReturnType<typeof devnetAccount>;

const jobStatus = async (id: string) =>
  ((await (await fetch(`${server.url}/jobs/${id}`)).json()) as { status: string }).status;

/** The wallet's first clip, paid outside the studio and generating: the next one must queue. */
async function occupyWalletSlot(index: number) {
  const first = await payForJob(server.url, index, "/generate/alpha-fast/custom", BODY);
  await waitFor(
    "the first job generating",
    async () => (await jobStatus(first.job_id)) === "generating",
  );
  return first.job_id;
}

async function openStudio(page: Page, account: Account) {
  await injectTestWallet(page, {
    rpcUrl: e2eEnv().rpc,
    address: account.address,
    chainId: 31337,
    signer: account,
  });
  await page.goto(`${server.url}/`);
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toContainText(account.address.slice(0, 6));
}

async function payInStudio(page: Page, prompt: string, beforePay?: () => Promise<unknown>) {
  await page.getByText("alpha-fast custom").click();
  await page.getByRole("textbox", { name: /^Prompt/ }).fill(prompt);
  await page.locator('input[name="duration"]').fill("4");
  await page.locator('select[name="resolution"]').selectOption("480p");
  await beforePay?.();
  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(page.getByTestId("quoted-price")).toHaveText("0.26 USDC");
  await page.getByRole("button", { name: "Pay 0.26 USDC and generate" }).click();
  const card = page.getByTestId("job-card").first();
  await expect(card).toBeVisible();
  return card;
}

/** GET /jobs/{id} reads and event-stream opens the page makes, by job id. */
function watchJobRequests(page: Page) {
  const reads: string[] = [];
  const streams: string[] = [];
  page.on("request", (req) => {
    const path = new URL(req.url()).pathname;
    const events = /^\/jobs\/([0-9a-f-]{36})\/events$/.exec(path);
    if (events?.[1]) streams.push(events[1]);
    const read = /^\/jobs\/([0-9a-f-]{36})$/.exec(path);
    if (read?.[1] && req.method() === "GET") reads.push(read[1]);
  });
  return { reads, streams };
}

test("the studio shows the clip queued, then generating, then the video, from the event stream", async ({
  page,
}) => {
  const seen = watchJobRequests(page);
  await openStudio(page, WATCHER);
  const card = await payInStudio(page, "A paper boat on a rain gutter river", () =>
    occupyWalletSlot(10),
  );
  const progress = card.getByTestId("job-progress");

  await expect(card).toHaveAttribute("data-live", "stream");
  await expect(progress).toContainText("Waiting for another of this wallet's clips to finish");
  await expect(progress).toContainText("next in the queue");
  await expect(card.getByTestId("job-status")).toHaveText("Queued");
  await expect(progress).toContainText(/Submitted to the model|Generating|Storing the video/, {
    timeout: 30_000,
  });
  await expect(card.getByTestId("job-status")).toHaveText("Ready", { timeout: 90_000 });
  await expect(card.getByTestId("job-video")).toBeVisible();
  await expect(card.getByTestId("job-video")).toHaveAttribute(
    "poster",
    /\/videos\/[^/?]+-poster\?/,
  );

  const id = seen.streams[0];
  expect(id).toBeDefined();
  // Watched for 15 s and more without polling: one read to start, one for the finished job (its
  // poster); a poll backing off from 1 s would have read it ten times or so.
  expect(seen.reads.filter((r) => r === id).length).toBeLessThanOrEqual(3);
});

test("when the stream drops the studio polls the job to the end", async ({ page }) => {
  await page.route("**/jobs/*/events", (route) => route.abort("connectionreset"));
  await openStudio(page, WATCHER);
  const card = await payInStudio(page, "A lighthouse blinking through sea fog");
  await expect(card).toHaveAttribute("data-live", "poll");
  await expect(card.getByTestId("job-status")).toHaveText("Ready", { timeout: 60_000 });
  await expect(card.getByTestId("job-video")).toBeVisible();
});

test("after a reload the payer cancels a queued clip with a wallet signature, within 10 s, and sees the refund", async ({
  page,
}) => {
  await openStudio(page, CANCELLER);
  let before = 0n;
  const card = await payInStudio(page, "A snail racing a leaf across a garden path", async () => {
    await occupyWalletSlot(11);
    before = await usdcBalance(CANCELLER.address);
  });
  await expect(card.getByTestId("job-progress")).toContainText("Waiting for another");
  expect(before - (await usdcBalance(CANCELLER.address))).toBe(PRICE);

  // A reload: the wallet reconnects by itself and every wallet action must still work.
  await page.reload();
  await expect(page.getByTestId("wallet-address")).toContainText(CANCELLER.address.slice(0, 6));
  const again = page.getByTestId("job-card").first();
  await expect(again.getByTestId("job-status")).toHaveText("Queued");
  await again.getByRole("button", { name: "Cancel this clip" }).click();
  await expect(again.getByTestId("job-status")).toHaveText("Cancelled", { timeout: 10_000 });
  await expect(card.getByRole("button", { name: "Cancel this clip" })).toHaveCount(0);
  const refund = card.getByTestId("job-refund");
  await expect(refund).toContainText("0.26 USDC");
  await expect(refund).toHaveAttribute("data-refund", "confirmed", { timeout: 60_000 });
  await expect(refund).toContainText("refunded");
  expect(await usdcBalance(CANCELLER.address)).toBe(before);
});

test("signing in with the wallet lists its clips after local storage is cleared", async ({
  page,
}) => {
  await openStudio(page, CANCELLER);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toContainText(CANCELLER.address.slice(0, 6));
  await expect(page.getByTestId("job-card")).toHaveCount(0);

  // Signed in after that reload, within 10 s.
  await page.getByRole("button", { name: "Sign in with wallet" }).click();
  // #11's two clips (the one it kept, the one it cancelled), none of #10's.
  await expect(page.getByTestId("history-result")).toHaveText("2 clips paid by this wallet.", {
    timeout: 10_000,
  });
  await expect(page.getByTestId("signed-in")).toContainText(CANCELLER.address.slice(0, 6));
  await expect(page.getByRole("button", { name: "Refresh history" })).toBeVisible();
  const cards = page.getByTestId("job-card");
  await expect(cards).toHaveCount(2);
  // Newest first, each with its prompt, parameters, price, date and state, as the server recorded them.
  await expect(cards.nth(0).getByTestId("job-status")).toHaveText("Cancelled");
  await expect(cards.nth(0).getByTestId("job-facts")).toHaveText(
    "4 s clip · 480p · 16:9 · 0.26 USDC",
  );
  await expect(cards.nth(0).getByTestId("job-prompt")).toHaveText(
    "A snail racing a leaf across a garden path",
  );
  await expect(cards.nth(0).getByTestId("job-title")).toHaveText("alpha-fast custom");
  await expect(cards.nth(0).getByTestId("job-date")).toHaveAttribute("datetime", /^20\d\d-/);
  await expect(cards.nth(1).getByTestId("job-status")).toHaveText(/Generating|Ready/);
  // The clip paid outside the studio (by the test's own client) shows its recorded body too.
  await expect(cards.nth(1).getByTestId("job-prompt")).toHaveText(BODY.prompt);
  await expect(cards.nth(1).getByTestId("job-facts")).toHaveText(/^4 s clip · 480p · 0\.26 USDC$/);

  // Found once, kept: a reload shows them without signing again.
  await page.reload();
  await expect(page.getByTestId("job-card")).toHaveCount(2);
});
