import { expect, test } from "@playwright/test";
import { watchCspViolations } from "./csp";
import { e2eEnv, usdcBalance } from "./devnet";
import { startServer, type TestServer } from "../helpers/server";
import { startWalletConnectRelay, type TestRelay } from "../helpers/walletconnect-relay";
import {
  startWalletConnectWallet,
  type TestWalletConnectWallet,
} from "../helpers/walletconnect-wallet";

// Hardhat/anvil account #5: funded on the devnet; #7 is studio.spec.ts's payer, #8 the demo wallet.
const PRIVATE_KEY = "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba";
const WALLET = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
const PROJECT_ID = "5eed402c0ffee0000000000000000402";

const balance = () => usdcBalance(WALLET);

let relay: TestRelay;
let server: TestServer;
let wallet: TestWalletConnectWallet | undefined;

test.beforeAll(async () => {
  const { rpc, token } = e2eEnv();
  relay = await startWalletConnectRelay({ verbose: Boolean(process.env.WC_RELAY_DEBUG) });
  server = await startServer({
    RPC_URL: rpc,
    USDC_ADDRESS: token,
    WALLETCONNECT_PROJECT_ID: PROJECT_ID,
    WALLETCONNECT_RELAY_URL: relay.url,
  });
});

// The relay and WalletConnect's own endpoints must be reachable under the studio's CSP.
let cspViolations: string[] = [];
test.beforeEach(async ({ page }) => {
  cspViolations = await watchCspViolations(page);
});

test.afterEach(async () => {
  await wallet?.stop();
  wallet = undefined;
  expect(cspViolations).toEqual([]);
});

test.afterAll(async () => {
  await server?.stop();
  await relay?.stop();
});

test("a phone wallet pairs over WalletConnect through a local relay, signs once and pays the exact quote", async ({
  page,
  context,
}, info) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const phone = await startWalletConnectWallet({
    projectId: PROJECT_ID,
    relayUrl: relay.url,
    privateKey: PRIVATE_KEY,
    chainId: 31337,
  });
  wallet = phone;
  expect(phone.address).toBe(WALLET);
  const before = await balance();
  expect(before).toBeGreaterThanOrEqual(1_000_000n);

  const uri = await test.step("the studio shows its own pairing QR code", async () => {
    await page.goto(`${server.url}/studio`);
    await expect(page.getByRole("heading", { name: "Reel402" })).toBeVisible();
    await page.getByRole("button", { name: "WalletConnect", exact: true }).click();
    const pairing = page.getByRole("dialog", { name: "WalletConnect pairing" });
    await expect(pairing).toBeVisible();
    await expect(page.getByTestId("walletconnect-pairing")).toBeVisible();
    await expect(
      pairing.getByRole("img", { name: "Pairing QR code" }).locator("svg"),
    ).toBeVisible();
    await page.screenshot({ path: info.outputPath("walletconnect-pairing.png"), fullPage: true });
    await pairing.getByRole("button", { name: "Copy pairing link" }).click();
    await expect(pairing.getByRole("button", { name: "Copied" })).toBeVisible();
    return page.evaluate(() => navigator.clipboard.readText());
  });
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/);
  // The studio's proposal reached the relay (its only way out) as wc_proposeSession on the URI's pairing topic.
  const pairingTopic = uri.slice(3, 67);
  expect(relay.log).toContainEqual(
    expect.objectContaining({ method: "wc_proposeSession", topic: pairingTopic }),
  );

  await test.step("the wallet pairs and approves; the studio shows the account", async () => {
    await phone.pair(uri);
    await phone.session;
    await expect(page.getByTestId("walletconnect-pairing")).toHaveCount(0);
    await expect(page.getByTestId("wallet-address")).toContainText("0x9965");
    // 1000.00 USDC on the suite's fresh devnet (account #5 is funded and used by nothing else).
    await expect(page.getByTestId("wallet-balance")).toContainText(
      `${(Number(before) / 1e6).toFixed(2)} USDC`,
    );
  });
  expect(relay.log).toContainEqual(
    expect.objectContaining({ method: "wc_approveSession", topic: pairingTopic }),
  );

  const quote = await test.step("compose a cheap custom clip and get its exact price", async () => {
    await page.getByText("alpha-fast custom").click();
    await page
      .getByRole("textbox", { name: /^Prompt/ })
      .fill("A paper lantern drifting over a quiet lake at night");
    await page.locator('input[name="duration"]').fill("4");
    await page.locator('select[name="resolution"]').selectOption("480p");
    await page.getByRole("button", { name: "Get exact price" }).click();
    // 0.065 × 4 = 0.26
    await expect(page.getByTestId("quoted-price")).toHaveText("0.26 USDC");
    return 260_000n;
  });
  expect(phone.calls).not.toContain("eth_signTypedData_v4");

  await test.step("pay through the wallet and watch the clip finish", async () => {
    await page.getByRole("button", { name: "Pay 0.26 USDC and generate" }).click();
    const card = page.getByTestId("job-card").first();
    await expect(card).toBeVisible();
    await expect(card.getByTestId("job-status")).toHaveText("Ready", { timeout: 90_000 });
  });
  expect(phone.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(1);
  expect(before - (await balance())).toBe(quote);
  expect(relay.unknown).toEqual([]);
  await page.screenshot({ path: info.outputPath("walletconnect-finished.png"), fullPage: true });
});

test("without a project id the studio offers no WalletConnect", async ({ page }) => {
  await page.goto(`${e2eEnv().base}/studio`);
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "WalletConnect", exact: true })).toHaveCount(0);
});
