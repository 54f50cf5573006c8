import { expect, test } from "@playwright/test";
import { watchCspViolations } from "./csp";
import { e2eEnv } from "./devnet";
import { DEMO_WALLET as DEMO, JOB_ID, jobBody, seedQueuedJob } from "./seeded-job";

let cspViolations: string[] = [];
test.beforeEach(async ({ page }) => {
  cspViolations = await watchCspViolations(page);
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

test("the demo wallet stays connected across reloads until the person disconnects it", async ({
  page,
}) => {
  const { base } = e2eEnv();
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Use devnet demo wallet" }).click();
  await expect(page.getByTestId("wallet-address")).toContainText("0x2361");
  // What is remembered is the public demo address on this devnet: no key, no signature.
  expect(await page.evaluate(() => localStorage.getItem("reel402.demo-wallet"))).toBe(
    JSON.stringify({ chainId: 31337, address: DEMO }),
  );
  await page.reload();
  await expect(page.getByTestId("wallet-address")).toContainText("0x2361");
  await expect(page.getByTestId("wallet-balance")).toContainText("USDC");
  // Reconnected by the reload, the demo wallet signs in (a fresh challenge, signed) within 10 s.
  await page.getByRole("button", { name: "Sign in with wallet" }).click();
  await expect(page.getByTestId("history-result")).toContainText("paid by this wallet", {
    timeout: 10_000,
  });
  await expect(page.getByTestId("signed-in")).toContainText("0x2361");

  await page.getByRole("button", { name: "Disconnect" }).click();
  await expect(page.getByRole("button", { name: "Use devnet demo wallet" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Use devnet demo wallet" })).toBeEnabled();
  await expect(page.getByTestId("wallet-address")).toHaveCount(0);
});

test("a first visit: a visible placeholder, a reason for the disabled button, 2 × 2 products, one banner, an icon", async ({
  page,
}) => {
  const { base } = e2eEnv();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/`);
  const prompt = page.getByRole("textbox", { name: /^Prompt/ });
  await expect(prompt).toHaveValue("");
  await expect(prompt).toHaveAttribute("placeholder", /^For example: /);
  expect(await prompt.evaluate((el) => getComputedStyle(el, "::placeholder").fontStyle)).toBe(
    "italic",
  );

  const price = page.getByRole("button", { name: "Get exact price" });
  await expect(price).toBeDisabled();
  await expect(price).toHaveAccessibleDescription("Write a prompt to get a price.");
  await prompt.fill("A lighthouse in a storm");
  await expect(price).toBeEnabled();
  await expect(page.getByTestId("price-hint")).toHaveCount(0);
  await page.getByText("Animate an image").click();
  await expect(page.getByRole("button", { name: "Get exact price" })).toHaveAccessibleDescription(
    "Choose an image to animate to get a price.",
  );
  await page.getByText("Write a prompt", { exact: true }).click();

  // Four product cards on a desktop: two rows of two.
  const boxes = await page.locator("label.product").evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: Math.round(r.x), y: Math.round(r.y) };
    }),
  );
  expect(boxes).toHaveLength(4);
  const [a, b, c, d] = boxes as [
    (typeof boxes)[0],
    (typeof boxes)[0],
    (typeof boxes)[0],
    (typeof boxes)[0],
  ];
  expect([a.y === b.y, c.y === d.y, c.y > a.y, a.x === c.x, b.x === d.x]).toEqual([
    true,
    true,
    true,
    true,
    true,
  ]);

  const banner = page.getByText(/^Devnet: payments use test USDC/);
  await expect(banner).toHaveText(
    "Devnet: payments use test USDC on the Reel402 devnet (local anvil, chain id 31337). The demo wallet is funded and needs no extension.",
  );

  // Two icons: the SVG for browsers that take it, /favicon.ico for everything else.
  const icon = await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute("href");
  expect(icon).toMatch(/^\/icon\.svg/);
  const res = await page.request.get(`${base}${icon}`);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("image/svg+xml");
  const favicon = await page.locator('link[rel="icon"][type="image/x-icon"]').getAttribute("href");
  expect(favicon).toMatch(/^\/favicon\.ico/);
  expect((await page.request.get(`${base}${favicon}`)).status()).toBe(200);
});

test("a refusal on a 900 px tall screen is scrolled into view and announced", async ({ page }) => {
  const { base } = e2eEnv();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${base}/`);
  await page.getByText("alpha custom", { exact: true }).click();
  await page.getByRole("textbox", { name: /^Prompt/ }).fill("A castle on a hill --ar 16:9");
  await page.getByRole("button", { name: "Get exact price" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "content policy" });
  await expect(alert).toBeInViewport({ ratio: 1 });
  // It sits below the first screenful of the page: seen only because the page scrolled to it.
  expect(
    await alert.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY),
  ).toBeGreaterThan(900);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

test("a queued job shows its queue position, ETA and attempts; a server without DELETE says it does not cancel", async ({
  page,
}) => {
  const { base } = e2eEnv();
  const progress = {
    phase: "queued",
    queue_position: 3,
    eta_seconds: 95,
    history: [
      {
        provider: "ark",
        started_at: "2026-11-23T03:00:00Z",
        finished_at: "2026-11-23T03:00:20Z",
        outcome: "failed",
        error_code: "upstream_timeout",
      },
      {
        provider: "fal",
        started_at: "2026-11-23T03:00:21Z",
        finished_at: null,
        outcome: null,
        error_code: null,
      },
    ],
  };
  let withProgress = false;
  await seedQueuedJob(page, () => jobBody("queued", withProgress ? progress : undefined));
  // A server whose /jobs/{id} takes no DELETE, as before the cancel API existed.
  await page.route("**/jobs/*", (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 405, headers: { allow: "GET" }, body: "" })
      : route.fallback(),
  );
  const probes: number[] = [];
  page.on("response", (res) => {
    if (res.request().method() === "DELETE") probes.push(res.status());
  });
  await page.goto(`${base}/`);
  const card = page.getByTestId("job-card");
  await expect(card.getByTestId("job-status")).toHaveText("Queued");
  await expect(card.getByTestId("job-facts")).toHaveText("1 min 15 s clip · 1080p · 1.12 USDC");
  // A server without `progress` still renders the card.
  await expect(card.getByTestId("job-progress")).toHaveCount(0);

  withProgress = true;
  await expect(card.getByTestId("job-progress")).toContainText(
    /Waiting in the queue · 3rd in the queue · ready in about 1 min 3\d s/,
    { timeout: 20_000 },
  );
  await card.getByText("Attempts (2)").click();
  await expect(card.getByRole("listitem").filter({ hasText: "ark" })).toHaveText(
    "ark: failed (upstream_timeout)",
  );
  // Nothing is probed on load (a probe was a console error on every visit); a cancel asks.
  expect(probes).toEqual([]);
  await card.getByRole("button", { name: "Cancel this clip" }).click();
  await expect(card.getByTestId("cancel-refused")).toHaveText("This server does not cancel clips.");
  expect(probes).toEqual([405]);
  await expect(card.getByRole("button", { name: "Cancel this clip" })).toHaveCount(0);
});

test("where the API cancels, the payer's queued job offers a cancel that sends DELETE /jobs/{id}", async ({
  page,
}) => {
  const { base } = e2eEnv();
  let status = "queued";
  await seedQueuedJob(page, () => jobBody(status));
  const deletes: string[] = [];
  // Stands in for the cancel API of another branch: unsigned probes refused, the cancel accepted.
  await page.route("**/jobs/*", async (route) => {
    const request = route.request();
    if (request.method() !== "DELETE") return route.fallback();
    const id = new URL(request.url()).pathname.split("/").at(-1) ?? "";
    deletes.push(id);
    if (id !== JOB_ID)
      return route.fulfill({ status: 401, contentType: "application/problem+json", body: "{}" });
    status = "cancelled";
    await route.fulfill({ status: 200, json: { job_id: JOB_ID, status: "cancelled" } });
  });
  await page.goto(`${base}/`);
  const card = page.getByTestId("job-card");
  await expect(page.getByTestId("wallet-address")).toContainText("0x2361");
  await card.getByRole("button", { name: "Cancel this clip" }).click();
  await expect(card.getByTestId("job-status")).toHaveText("Cancelled");
  expect(deletes.at(-1)).toBe(JOB_ID);
  await expect(card.getByRole("button", { name: "Cancel this clip" })).toHaveCount(0);
});

test("a cancel the API refuses (409) says why on the card", async ({ page }) => {
  const { base } = e2eEnv();
  await seedQueuedJob(page, () => jobBody("queued"));
  // The job reached the upstream between the click and the request.
  await page.route("**/jobs/*", async (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({
          status: 409,
          contentType: "application/problem+json",
          json: {
            code: "not_cancellable",
            status: 409,
            title: "The job can no longer be cancelled",
            detail: "Not cancelled: generation has started.",
            job_status: "generating",
          },
        })
      : route.fallback(),
  );
  await page.goto(`${base}/`);
  const card = page.getByTestId("job-card");
  await expect(page.getByTestId("wallet-address")).toContainText("0x2361");
  await card.getByRole("button", { name: "Cancel this clip" }).click();
  await expect(card.getByTestId("cancel-refused")).toHaveText(
    "Not cancelled: generation has started.",
  );
});
