import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { PRODUCTS } from "@/lib/catalog/products";
import { devnetAccount } from "@/lib/devnet/accounts";
import { PAY_TO } from "../helpers/chain";
import { post, requiredFromHeader, settlementFromHeader } from "../helpers/http";
import { payingFetch } from "../helpers/payer";
import { type Stack, startStack } from "../helpers/stack";

const PRICES: Record<string, number> = {
  "/generate/alpha/5s-720p": 960_000,
  "/generate/alpha-fast/5s-720p": 910_000,
  "/generate/alpha/custom": 960_000, // 720p × 5 s default
  "/generate/alpha-fast/custom": 910_000,
};

describe("the paid request on Postgres", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ database: "postgres" });
  });
  after(async () => {
    await stack?.close();
  });

  test("every paid endpoint answers 402 with the exact quote in the header and the body", async () => {
    for (const p of PRODUCTS) {
      const res = await post(`${stack.server.url}${p.path}`, { prompt: "a lighthouse at dusk" });
      assert.equal(res.status, 402, p.path);
      const fromHeader = requiredFromHeader(res);
      const body = await res.json();
      assert.deepEqual(body, JSON.parse(JSON.stringify(fromHeader)));
      assert.equal(fromHeader.x402Version, 2);
      const [req] = fromHeader.accepts;
      assert.ok(req);
      assert.equal(fromHeader.accepts.length, 1);
      assert.equal(req.scheme, "exact");
      assert.equal(req.network, "eip155:31337");
      assert.equal(req.asset.toLowerCase(), stack.chain.token.toLowerCase());
      assert.equal(req.payTo.toLowerCase(), PAY_TO.toLowerCase());
      assert.equal(req.amount, String(PRICES[p.path]), p.path);
      assert.deepEqual(req.extra, { name: "USD Coin", version: "2" });
      assert.equal(fromHeader.resource.url, `${stack.server.url}${p.path}`);
    }
  });

  test("a custom quote follows the formula, rounded up to the cent", async () => {
    const cases: [string, object, string][] = [
      [
        "/generate/alpha/custom",
        { duration: 15, resolution: "1080p", generate_audio: true },
        "9000000",
      ],
      ["/generate/alpha/custom", { duration: 4, resolution: "480p" }, "450000"],
      [
        "/generate/alpha-fast/custom",
        { duration: 15, resolution: "720p", generate_audio: true },
        "3420000",
      ],
      [
        "/generate/alpha-fast/custom",
        { duration: 7, resolution: "480p", generate_audio: true },
        "570000",
      ],
    ];
    for (const [path, params, amount] of cases) {
      const res = await post(`${stack.server.url}${path}`, { prompt: "waves", ...params });
      assert.equal(res.status, 402);
      assert.equal(requiredFromHeader(res).accepts[0]?.amount, amount, JSON.stringify(params));
    }
  });

  test("a stock x402 client pays the quote exactly once and gets a job", async () => {
    const payer = payingFetch(1);
    const before = await stack.chain.balanceOf(payer.account.address);
    const payToBefore = await stack.chain.balanceOf(PAY_TO);
    const res = await payer.fetch(`${stack.server.url}/generate/alpha/custom`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        prompt: "a red fox in snow",
        duration: 15,
        resolution: "1080p",
        generate_audio: true,
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    const created = (await res.json()) as { job_id: string; status: string; status_url: string };
    assert.match(created.job_id, /^[0-9a-f-]{36}$/);
    assert.equal(created.status, "queued");
    assert.equal(created.status_url, `/jobs/${created.job_id}`);
    const settlement = settlementFromHeader(res);
    assert.equal(settlement.success, true);
    assert.match(settlement.transaction, /^0x[0-9a-f]{64}$/);
    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 9_000_000n);
    assert.equal((await stack.chain.balanceOf(PAY_TO)) - payToBefore, 9_000_000n);

    const job = await fetch(`${stack.server.url}${created.status_url}`);
    assert.equal(job.status, 200);
    const body = (await job.json()) as Record<string, unknown>;
    assert.equal(body.job_id, created.job_id);
    assert.equal(body.sku, "alpha-custom");
    assert.ok(["queued", "generating", "succeeded"].includes(String(body.status)));
    for (const field of [
      "created_at",
      "updated_at",
      "attempts",
      "video_url",
      "video_expires_at",
      "seed",
      "frames_per_second",
      "error",
    ]) {
      assert.ok(field in body, field);
    }
  });

  test("unknown and malformed job ids get 404 problem+json", async () => {
    for (const id of ["7d0e1f3a-9b7c-4e59-8a31-0c7d2f1e9a44", "not-a-uuid"]) {
      const res = await fetch(`${stack.server.url}/jobs/${id}`);
      assert.equal(res.status, 404);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      const body = (await res.json()) as { code: string; status: number };
      assert.equal(body.code, "not_found");
      assert.equal(body.status, 404);
    }
  });

  test("every rejection is a 403 before payment: nothing is asked, nothing moves", async () => {
    const payer = payingFetch(2);
    const before = await stack.chain.balanceOf(payer.account.address);
    const cases: [string, string | object, string][] = [
      ["/generate/alpha/5s-720p", { prompt: "x", duration: 5 }, "duration"],
      ["/generate/alpha/5s-720p", { prompt: "x", ratio: "2:1" }, "ratio"],
      ["/generate/alpha/5s-720p", { ratio: "16:9" }, "prompt"],
      ["/generate/alpha/5s-720p", { prompt: "   " }, "prompt"],
      ["/generate/alpha/5s-720p", { prompt: "x".repeat(2001) }, "prompt"],
      ["/generate/alpha/custom", { prompt: "x", duration: 3 }, "duration"],
      ["/generate/alpha/custom", { prompt: "x", duration: 16 }, "duration"],
      ["/generate/alpha/custom", { prompt: "x", duration: 5.5 }, "duration"],
      ["/generate/alpha/custom", { prompt: "x", duration: "5" }, "duration"],
      ["/generate/alpha/custom", { prompt: "x", seed: -2 }, "seed"],
      ["/generate/alpha/custom", { prompt: "x", seed: 4294967296 }, "seed"],
      ["/generate/alpha/custom", { prompt: "x", generate_audio: "yes" }, "generate_audio"],
      ["/generate/alpha-fast/custom", { prompt: "x", resolution: "1080p" }, "resolution"],
      ["/generate/alpha-fast/custom", { prompt: "x", negative_prompt: "y" }, "negative_prompt"],
      ["/generate/alpha/custom", "{not json", "(body)"],
      ["/generate/alpha/custom", "[1,2]", "(body)"],
      ["/generate/alpha/custom", JSON.stringify({ prompt: "x".repeat(17000) }), "body"],
    ];
    for (const [path, body, field] of cases) {
      const res = await payer.fetch(`${stack.server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
      assert.equal(res.status, 403, `${path} ${JSON.stringify(body).slice(0, 80)}`);
      assert.equal(res.headers.get("payment-required"), null);
      assert.equal(res.headers.get("content-type"), "application/problem+json");
      const problem = (await res.json()) as {
        code: string;
        detail: string;
        errors?: { field: string }[];
      };
      if (field === "body") assert.equal(problem.code, "body_too_large");
      else
        assert.ok(
          problem.errors?.some((e) => e.field === field),
          `${field} in ${JSON.stringify(problem)}`,
        );
    }
    for (const prompt of ["a castle --ar 16:9", "--v 6 a dog", "sunset\n--no people"]) {
      const res = await payer.fetch(`${stack.server.url}/generate/alpha/5s-720p`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt }),
      });
      assert.equal(res.status, 403, prompt);
      assert.equal(res.headers.get("payment-required"), null);
      const problem = (await res.json()) as { code: string; category: string };
      assert.equal(problem.code, "content_policy");
      assert.equal(problem.category, "flag_directive");
    }
    const fine = await post(`${stack.server.url}/generate/alpha/5s-720p`, {
      prompt: "a well--done steak sizzling",
    });
    assert.equal(fine.status, 402);
    assert.equal(await stack.chain.balanceOf(payer.account.address), before);
  });

  test("Idempotency-Key: a completed key replays the job to its payer without a second charge; another body gets 422", async () => {
    const payer = payingFetch(3);
    const key = crypto.randomUUID();
    const url = `${stack.server.url}/generate/alpha-fast/5s-720p`;
    const init = (body: object) => ({
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(body),
    });
    const before = await stack.chain.balanceOf(payer.account.address);
    const first = await payer.fetch(url, init({ prompt: "a paper boat" }));
    assert.equal(first.status, 200);
    const created = (await first.json()) as { job_id: string };
    const afterFirst = await stack.chain.balanceOf(payer.account.address);
    assert.equal(before - afterFirst, 910_000n);

    // Unpaid, a known key reveals nothing: the plain 402.
    const unpaid = await fetch(url, init({ prompt: "a paper boat" }));
    assert.equal(unpaid.status, 402);
    assert.doesNotMatch(await unpaid.text(), new RegExp(created.job_id));
    const paidReplay = await payer.fetch(url, init({ prompt: "a paper boat" }));
    assert.equal(paidReplay.status, 200);
    assert.equal(((await paidReplay.json()) as { job_id: string }).job_id, created.job_id);
    assert.equal(await stack.chain.balanceOf(payer.account.address), afterFirst);

    const other = await payer.fetch(url, init({ prompt: "a paper plane" }));
    assert.equal(other.status, 422);
    assert.equal(await stack.chain.balanceOf(payer.account.address), afterFirst);
    assert.equal(((await other.json()) as { code: string }).code, "idempotency_key_reused");
  });

  test("one signature sent concurrently makes one job and one charge, and a later replay too", async () => {
    const payer = payingFetch(4);
    const url = `${stack.server.url}/generate/alpha/5s-720p`;
    const body = { prompt: "a hot air balloon over canyons" };
    const challenge = requiredFromHeader(await post(url, body));
    const signature = encodePaymentSignatureHeader(
      await payer.client.createPaymentPayload(challenge),
    );
    const before = await stack.chain.balanceOf(payer.account.address);
    const transfersBefore = await stack.chain.transfersTo(PAY_TO);

    const results = await Promise.all(
      Array.from({ length: 6 }, () => post(url, body, { "payment-signature": signature })),
    );
    const ok = results.filter((r) => r.status === 200);
    assert.ok(ok.length >= 1);
    for (const r of results) assert.ok([200, 409].includes(r.status), `status ${r.status}`);
    const ids = new Set(
      await Promise.all(ok.map(async (r) => ((await r.json()) as { job_id: string }).job_id)),
    );
    assert.equal(ids.size, 1);

    const later = await post(url, body, { "payment-signature": signature });
    assert.equal(later.status, 200);
    assert.ok(ids.has(((await later.json()) as { job_id: string }).job_id));

    assert.equal(before - (await stack.chain.balanceOf(payer.account.address)), 960_000n);
    assert.equal((await stack.chain.transfersTo(PAY_TO)) - transfersBefore, 1);
  });

  test("a signature made for a cheaper body is refused for a dearer one", async () => {
    const payer = payingFetch(5);
    const url = `${stack.server.url}/generate/alpha-fast/custom`;
    const cheap = requiredFromHeader(
      await post(url, { prompt: "rain", duration: 4, resolution: "480p" }),
    );
    assert.equal(cheap.accepts[0]?.amount, "260000");
    const signature = encodePaymentSignatureHeader(await payer.client.createPaymentPayload(cheap));
    const before = await stack.chain.balanceOf(payer.account.address);
    const res = await post(
      url,
      { prompt: "rain", duration: 15, resolution: "720p" },
      { "payment-signature": signature },
    );
    assert.equal(res.status, 402);
    const required = requiredFromHeader(res);
    assert.equal(required.accepts[0]?.amount, "2730000");
    assert.match(required.error ?? "", /does not match/);
    assert.equal(await stack.chain.balanceOf(payer.account.address), before);
  });

  test("a payer without enough USDC is refused with the reason and nothing is created", async () => {
    const unfunded = payingFetch(15);
    assert.equal(await stack.chain.balanceOf(devnetAccount(15).address), 0n);
    const res = await unfunded.fetch(`${stack.server.url}/generate/alpha/5s-720p`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "stars over a desert" }),
    });
    assert.equal(res.status, 402);
    assert.match(requiredFromHeader(res).error ?? "", /insufficient/i);
  });
});

describe("the paid request on the embedded PGlite database", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ database: "pglite" });
  });
  after(async () => {
    await stack?.close();
  });

  test("pay once, replay by Idempotency-Key without a second charge, poll the job", async () => {
    const payer = payingFetch(6);
    const start = await stack.chain.balanceOf(payer.account.address);
    const key = crypto.randomUUID();
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ prompt: "a quiet harbour at dawn" }),
    };
    const first = await payer.fetch(`${stack.server.url}/generate/alpha/5s-720p`, init);
    assert.equal(first.status, 200);
    const { job_id } = (await first.json()) as { job_id: string };
    const again = await payer.fetch(`${stack.server.url}/generate/alpha/5s-720p`, init);
    assert.equal(((await again.json()) as { job_id: string }).job_id, job_id);
    assert.equal(start - (await stack.chain.balanceOf(payer.account.address)), 960_000n);
    const job = (await (await fetch(`${stack.server.url}/jobs/${job_id}`)).json()) as {
      sku: string;
    };
    assert.equal(job.sku, "alpha-5s-720p");
  });
});
