import { execFile } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { watchCspViolations } from "./csp";
import { e2eEnv, usdcBalance } from "./devnet";
import { injectTestWallet } from "./test-wallet";

// Hardhat/anvil account #7: funded on the devnet and unlocked on the node.
const WALLET = "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955";
// Hardhat/anvil account #9 (a well-known test key): pays from the copied TypeScript snippet.
const SNIPPET_PAYER = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
const SNIPPET_PAYER_KEY = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";
// Hardhat/anvil account #4 (a well-known test key): pays from the copied CLI command.
const CLI_PAYER = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
const CLI_PAYER_KEY = "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a";
const run = promisify(execFile);

const balance = () => usdcBalance(WALLET);

// Every studio test runs under the served Content-Security-Policy and must not trip it.
let cspViolations: string[] = [];
test.beforeEach(async ({ page }) => {
  cspViolations = await watchCspViolations(page);
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

test("a person connects a wallet, pays the exact quote and watches the clip finish", async ({
  page,
}, info) => {
  const { base, rpc } = e2eEnv();
  const wallet = await injectTestWallet(page, { rpcUrl: rpc, address: WALLET, chainId: 31337 });
  const before = await balance();

  await page.goto(`${base}/`);
  await expect(page.getByRole("heading", { name: "Reel402" })).toBeVisible();
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toContainText("0x14dC");
  await expect(page.getByTestId("wallet-balance")).toContainText("1000.00 USDC");

  await page.getByText("alpha-fast custom").click();
  await page
    .getByRole("textbox", { name: /^Prompt/ })
    .fill("A paper lantern drifting over a quiet lake at night");
  await expect(page.getByTestId("char-count")).toHaveText("51 / 2000");
  await page.locator('input[name="duration"]').fill("4");
  await page.locator('select[name="resolution"]').selectOption("480p");
  await page.locator('input[name="generate_audio"]').check();
  // 0.065 × 4 × 1.25 = 0.325 → rounded up to 0.33
  await expect(page.getByTestId("live-price")).toHaveText("0.33 USDC");
  await page.screenshot({ path: info.outputPath("desktop-compose.png"), fullPage: true });

  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(page.getByTestId("quoted-price")).toHaveText("0.33 USDC");
  expect(wallet.calls).not.toContain("eth_signTypedData_v4");
  await page.getByRole("button", { name: "Pay 0.33 USDC and generate" }).click();

  const card = page.getByTestId("job-card").first();
  await expect(card).toBeVisible();
  await expect(card.getByTestId("job-status")).toHaveText("Ready", { timeout: 90_000 });
  const video = card.getByTestId("job-video");
  await expect(video).toBeVisible();
  const duration = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) =>
        v.readyState >= 1
          ? resolve(v.duration)
          : v.addEventListener("loadedmetadata", () => resolve(v.duration), { once: true }),
      ),
  );
  expect(Math.abs(duration - 4)).toBeLessThan(0.2);
  expect(wallet.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(1);
  expect(before - (await balance())).toBe(330_000n);
  await page.screenshot({ path: info.outputPath("desktop-finished.png"), fullPage: true });

  // The card names the product, the clip's duration and resolution, not the SKU.
  await expect(card.getByTestId("job-title")).toHaveText("alpha-fast custom");
  await expect(card.getByTestId("job-facts")).toHaveText(
    "4 s clip · 480p · 16:9 · audio · 0.33 USDC",
  );
  await expect(card.getByTestId("job-prompt")).toHaveText(
    "A paper lantern drifting over a quiet lake at night",
  );
  // Before play the player shows a poster frame, a JPEG served through a signed link.
  const poster = await video.getAttribute("poster");
  expect(poster).toMatch(/\/videos\/[^/?]+-poster\?expires=\d+&sig=/);
  const posterRes = await page.request.get(poster as string);
  expect(posterRes.status()).toBe(200);
  expect(posterRes.headers()["content-type"]).toBe("image/jpeg");
  expect([...(await posterRes.body()).subarray(0, 2)]).toEqual([0xff, 0xd8]);

  // "Request as code" is a recipe, not a replay: no spent payment, a command that makes the clip again.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  const jobId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("reel402.jobs") ?? "[]") as { id: string }[])[0]?.id,
  );
  await card.getByText("Request as code").click();
  const snippet = card.getByTestId("request-snippet");
  await expect(snippet).toContainText("reel402 generate 'A paper lantern drifting");
  await expect(snippet).not.toContainText(/payment-signature/i);
  expect(await page.evaluate(() => localStorage.getItem("reel402.jobs"))).not.toMatch(
    /payment-signature/i,
  );
  await card.getByRole("button", { name: "Copy command" }).click();
  await expect(card.getByRole("status")).toHaveText("Command copied to the clipboard.");
  const command = await clipboard();
  expect(command).toContain("--model alpha-fast");
  expect(command).toContain("--duration 4");
  expect(command).toContain("--resolution 480p");
  expect(command).toContain("--audio");
  expect(command).toContain("--max-price 0.33");
  // Run as printed (the checkout's bin stands in for the installed command): a new clip, paid once.
  const cliFile = path.join(process.cwd(), `.tmp-cli-${Date.now()}.mp4`);
  const cliBefore = await usdcBalance(CLI_PAYER);
  try {
    const { stdout } = await run(
      "sh",
      [
        "-c",
        `${command.replace(/^reel402 /, `${process.execPath} bin/reel402.mjs `)} -o ${cliFile}`,
      ],
      { env: { ...process.env, REEL402_PRIVATE_KEY: CLI_PAYER_KEY } },
    );
    expect(stdout).not.toContain(jobId);
  } finally {
    await rm(cliFile, { force: true });
  }
  expect(cliBefore - (await usdcBalance(CLI_PAYER))).toBe(330_000n);
  expect(before - (await balance())).toBe(330_000n);

  // "Copy as TypeScript" pays with @x402/fetch: run with another payer, it makes a new clip of the same request.
  await card.getByRole("button", { name: "Copy as TypeScript" }).click();
  await expect(card.getByRole("status")).toHaveText("TypeScript copied to the clipboard.");
  const script = await clipboard();
  expect(script).toContain("wrapFetchWithPayment(fetch, client)");
  const file = path.join(process.cwd(), `.tmp-snippet-${Date.now()}.mts`);
  await writeFile(file, `${script}\nexport {};\n`);
  const snippetBefore = await usdcBalance(SNIPPET_PAYER);
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", file], {
      env: { ...process.env, FORCE_COLOR: "0", PAYER_PRIVATE_KEY: SNIPPET_PAYER_KEY },
    });
    expect(stdout).toMatch(/^20[02] \{.*job_id: '[0-9a-f-]{36}'/s);
    expect(stdout).not.toContain(jobId);
  } finally {
    await rm(file, { force: true });
  }
  expect(snippetBefore - (await usdcBalance(SNIPPET_PAYER))).toBe(330_000n);

  await page.reload();
  await expect(page.getByTestId("job-card").first().getByTestId("job-status")).toHaveText("Ready");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath("phone-finished.png"), fullPage: true });
});

test("a rejected prompt shows its reason and no signature is requested", async ({ page }) => {
  const { base, rpc } = e2eEnv();
  const wallet = await injectTestWallet(page, { rpcUrl: rpc, address: WALLET, chainId: 31337 });
  const before = await balance();
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toBeVisible();
  await page.getByRole("textbox", { name: /^Prompt/ }).fill("A castle on a hill --ar 16:9");
  await page.getByRole("button", { name: "Get exact price" }).click();
  const error = page.getByTestId("form-error");
  await expect(error).toContainText("content policy");
  await expect(error).toContainText("flag directive");
  expect(wallet.calls).not.toContain("eth_signTypedData_v4");
  expect(await balance()).toBe(before);
});

test("the studio's policy blocks what it does not name, and no other site can frame it", async ({
  page,
}) => {
  const { base } = e2eEnv();
  await page.goto(`${base}/studio`);
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeEnabled();
  // The watcher sees a violation when there is one: an image from a host the policy does not name.
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "https://tracker.example/pixel.png";
    document.body.append(img);
  });
  await expect
    .poll(() =>
      cspViolations.some((v) => v.includes("img-src blocked https://tracker.example/pixel.png")),
    )
    .toBe(true);
  // Markup injected into the served page (as a stored XSS would be) cannot run a script: it has no nonce.
  await page.route(`${base}/studio`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      "<body>",
      '<body><script>window.__injected = true</script><img src="x" onerror="window.__injected = true">',
    );
    await route.fulfill({ response, body });
  });
  await page.goto(`${base}/studio`);
  await expect(page.getByRole("button", { name: "Connect wallet" })).toBeEnabled();
  expect(
    await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected),
  ).toBeUndefined();
  await expect
    .poll(
      () => cspViolations.filter((v) => /^script-src-(elem|attr) blocked inline/.test(v)).length,
    )
    .toBe(2);
  await page.unroute(`${base}/studio`);
  cspViolations.length = 0;

  // A page on another origin that embeds the studio gets an error page instead of it.
  await page.route("http://attacker.test/", (route) =>
    route.fulfill({ contentType: "text/html", body: `<iframe src="${base}/studio"></iframe>` }),
  );
  await page.goto("http://attacker.test/");
  const frame = await (await page.locator("iframe").elementHandle())?.contentFrame();
  expect(frame).toBeTruthy();
  await frame?.waitForLoadState();
  // Chromium's own error page stands in for a document it refused to frame.
  await expect.poll(() => frame?.url()).toBe("chrome-error://chromewebdata/");
  expect(await frame?.getByRole("heading", { name: "Reel402" }).count()).toBe(0);
});
