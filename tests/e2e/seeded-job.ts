import type { Page } from "@playwright/test";

// The server's devnet demo wallet (Hardhat/anvil account #8). Nothing done with it here pays.
export const DEMO_WALLET = "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f";
export const JOB_ID = "6f2c1c52-1d2e-4f3a-9c41-0c2b7d4e5a10";

/** A stored job of the demo wallet whose GET /jobs/{id} the test answers (the server's own job needs a payment). */
export async function seedQueuedJob(page: Page, job: () => Record<string, unknown>) {
  await page.addInitScript(
    ([id, payer]) => {
      localStorage.setItem(
        "reel402.jobs",
        JSON.stringify([
          {
            id,
            sku: "alpha-custom",
            priceUsd: "1.12",
            transaction: null,
            createdAt: new Date().toISOString(),
            prompt: "A tram crossing a bridge in the rain",
            title: "alpha custom",
            durationSeconds: 75,
            resolution: "1080p",
            payer,
            request: {
              path: "/generate/alpha/custom",
              headers: { "content-type": "application/json", "idempotency-key": "seeded-key" },
              body: { prompt: "A tram crossing a bridge in the rain", resolution: "1080p" },
            },
          },
        ]),
      );
      localStorage.setItem(
        "reel402.demo-wallet",
        JSON.stringify({ chainId: 31337, address: payer }),
      );
    },
    [JOB_ID, DEMO_WALLET],
  );
  await page.route(`**/jobs/${JOB_ID}`, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    await route.fulfill({ json: job() });
  });
}

export const jobBody = (status: string, progress?: unknown) => ({
  job_id: JOB_ID,
  status,
  attempts: 1,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  video_url: null,
  video_expires_at: null,
  error: null,
  ...(progress ? { progress } : {}),
});
