import { expect, test } from "@playwright/test";
import { syntheticImage } from "../helpers/images";
import { e2eEnv, usdcBalance } from "./devnet";
import { injectTestWallet } from "./test-wallet";

// Hardhat/anvil account #8: funded on the devnet and unlocked on the node; its own, so the studio
// specs (account #7) still find 1000.00 USDC whichever runs first.
const WALLET = "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f";

test("a person animates an image in the studio, pays the exact quote and watches the clip", async ({
  page,
}, info) => {
  const { base, rpc } = e2eEnv();
  const wallet = await injectTestWallet(page, { rpcUrl: rpc, address: WALLET, chainId: 31337 });
  const before = await usdcBalance(WALLET);
  const picture = await syntheticImage("testsrc2", 800, 600, "png");

  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Connect wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toContainText("0x2361");

  await page.getByText("Animate an image").click();
  await page.getByText("alpha-fast image-to-video").click();

  // The browser refuses what is not an image before anything is sent.
  await page.locator('input[name="image"]').setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a picture"),
  });
  await expect(page.getByTestId("image-error")).toContainText("not a JPEG, PNG or WebP");
  await expect(page.getByRole("button", { name: "Get exact price" })).toBeDisabled();
  // And a picture smaller than the video models take, with what to fix.
  await page.locator('input[name="image"]').setInputFiles({
    name: "tiny.png",
    mimeType: "image/png",
    buffer: await syntheticImage("testsrc2", 200, 200, "png"),
  });
  await expect(page.getByTestId("image-error")).toContainText(
    "at least 300 px on each side — this one is 200×200",
  );
  await expect(page.getByRole("button", { name: "Get exact price" })).toBeDisabled();

  await page
    .locator('input[name="image"]')
    .setInputFiles({ name: "pattern.png", mimeType: "image/png", buffer: picture });
  await expect(page.getByTestId("image-preview")).toBeVisible();
  await expect(page.getByTestId("image-info")).toContainText("800×600");
  await expect(page.getByTestId("image-info")).toContainText("adaptive ratio 4:3");
  await page
    .getByLabel("Prompt (optional): how it moves")
    .fill("The camera glides slowly across the pattern");
  await page.locator('input[name="duration"]').fill("4");
  await page.locator('select[name="resolution"]').selectOption("480p");
  // 0.065 × 4 = 0.26, the custom product's per-second book.
  await expect(page.getByTestId("live-price")).toHaveText("0.26 USDC");
  await page.screenshot({ path: info.outputPath("animate-compose.png"), fullPage: true });

  await page.getByRole("button", { name: "Get exact price" }).click();
  await expect(page.getByTestId("quoted-price")).toHaveText("0.26 USDC");
  expect(wallet.calls).not.toContain("eth_signTypedData_v4");
  await page.getByRole("button", { name: "Pay 0.26 USDC and generate" }).click();

  const card = page.getByTestId("job-card").first();
  await expect(card).toContainText("Animated pattern.png");
  await expect(card.getByTestId("job-status")).toHaveText("Ready", { timeout: 90_000 });
  const video = card.getByTestId("job-video");
  await expect(video).toBeVisible();
  const meta = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<{ duration: number; width: number; height: number }>((resolve) => {
        const done = () =>
          resolve({ duration: v.duration, width: v.videoWidth, height: v.videoHeight });
        if (v.readyState >= 1) done();
        else v.addEventListener("loadedmetadata", done, { once: true });
      }),
  );
  expect(Math.abs(meta.duration - 4)).toBeLessThan(0.2);
  expect([meta.width, meta.height]).toEqual([640, 480]);
  expect(wallet.calls.filter((c) => c === "eth_signTypedData_v4")).toHaveLength(1);
  expect(before - (await usdcBalance(WALLET))).toBe(260_000n);
  await page.screenshot({ path: info.outputPath("animate-finished.png"), fullPage: true });
});
