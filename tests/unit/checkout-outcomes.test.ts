import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  decodePaymentResponseHeader,
  decodePaymentSignatureHeader,
  encodePaymentSignatureHeader,
} from "@x402/core/http";
import { checkoutResponse } from "@/lib/http/api/checkout-response";
import type { CheckoutOutcome } from "@/lib/checkout/outcome";
import { findLiveKey } from "@/lib/checkout/idempotency/key-repository";
import { payerScopedKey } from "@/lib/checkout/idempotency/payer-scope";
import { getJob } from "@/lib/jobs/repository";
import { findPaymentByAuthorization, getPaymentForJob } from "@/lib/money/payments/repository";
import { startCheckoutHarness } from "../helpers/checkout";

const FIXED = "/generate/alpha-fast/5s-720p";
const IMAGE = "/generate/alpha/image-to-video";
const PRICE = 910_000; // alpha-fast 5 s 720p in the price book
const KITE = { prompt: "a kite over a meadow" };
const answer = (outcome: CheckoutOutcome) => checkoutResponse({ outcome, rateLimit: {} });

function as<K extends CheckoutOutcome["kind"]>(o: CheckoutOutcome, kind: K) {
  assert.equal(o.kind, kind, JSON.stringify(o));
  return o as Extract<CheckoutOutcome, { kind: K }>;
}

/** Every answer of the paid POST, in-process: Postgres, a devnet chain, the local facilitator. */
describe("checkout outcomes", () => {
  let h: Awaited<ReturnType<typeof startCheckoutHarness>>;
  before(async () => {
    h = await startCheckoutHarness();
  });
  after(async () => {
    await h?.close();
  });

  /** The 402 for `body`, then a payment for it from account #index. */
  const paid = async (index: number, body: unknown = KITE, path = FIXED) => {
    const challenge = as(await h.post(path, body), "challenge");
    return h.sign(index, challenge.required);
  };

  test("no payment: a challenge quoting this body, the same object in header and body", async () => {
    const challenge = as(await h.post(FIXED, KITE), "challenge");
    assert.equal(challenge.settlement, undefined);
    assert.equal(challenge.required.accepts[0]?.amount, String(PRICE));
    assert.equal(challenge.required.resource?.url, `http://reel402.test${FIXED}`);
    const res = answer(challenge);
    assert.equal(res.status, 402);
    const header = Buffer.from(res.headers.get("payment-required") ?? "", "base64").toString();
    assert.deepEqual(JSON.parse(header), await res.json());
  });

  test("each refusal before payment carries its code and what the audit names", async () => {
    const big = { prompt: "x".repeat(h.env.limits.maxBodyBytes) };
    const cases: [string, () => Promise<CheckoutOutcome>, Record<string, unknown>][] = [
      ["unknown product", () => h.post("/generate/nope/none", KITE), { code: "not_found" }],
      [
        "not JSON",
        () => h.post(FIXED, KITE, { "content-type": "text/plain" }),
        { code: "unsupported_media_type", sku: "alpha-fast-5s-720p" },
      ],
      ["too large", () => h.post(FIXED, big), { code: "body_too_large" }],
      [
        "unknown field",
        () => h.post(FIXED, { ...KITE, colour: "red" }),
        { code: "invalid_request" },
      ],
      [
        "bad Idempotency-Key",
        () => h.post(FIXED, KITE, { "idempotency-key": "a b" }),
        { code: "invalid_request", promptHash: /^[0-9a-f]{64}$/ },
      ],
      [
        "content policy",
        () => h.post(FIXED, { prompt: "a nude woman on a bed" }),
        { code: "content_policy", category: "sexual", promptHash: /^[0-9a-f]{64}$/ },
      ],
      [
        "unknown upload",
        () => h.post(IMAGE, { image: `upl_${"ab".repeat(32)}`, prompt: "waves" }),
        { code: "upload_not_found", sku: "alpha-i2v", promptHash: /^[0-9a-f]{64}$/ },
      ],
      [
        "queue full",
        () =>
          h.post(
            FIXED,
            KITE,
            {},
            { env: { ...h.env, limits: { ...h.env.limits, queueCapacity: 0 } } },
          ),
        { code: "at_capacity", retryAfter: 30 },
      ],
    ];
    for (const [name, send, want] of cases) {
      const r = as(await send(), "refused");
      for (const [k, v] of Object.entries(want)) {
        const got = r[k as keyof typeof r];
        if (v instanceof RegExp) assert.match(String(got), v, `${name}: ${k}`);
        else assert.equal(got, v, `${name}: ${k}`);
      }
    }
    const policy = answer(as(await h.post(FIXED, { prompt: "a nude woman on a bed" }), "refused"));
    assert.equal(policy.status, 403);
    assert.equal(policy.headers.get("content-type"), "application/problem+json");
    const body = (await policy.json()) as Record<string, unknown>;
    assert.deepEqual([body.code, body.category, body.sku], ["content_policy", "sexual", undefined]);
    const capacity = { env: { ...h.env, limits: { ...h.env.limits, queueCapacity: 0 } } };
    const full = answer(as(await h.post(FIXED, KITE, {}, capacity), "refused"));
    assert.deepEqual([full.status, full.headers.get("retry-after")], [503, "30"]);
  });

  test("a settled payment creates a queued job, answered 200 with PAYMENT-RESPONSE", async () => {
    const before = await h.chain.balanceOf(h.env.payTo);
    const signature = await paid(1);
    const created = as(
      await h.post(FIXED, KITE, { "payment-signature": signature, "idempotency-key": "k-created" }),
      "created",
    );
    assert.equal(created.status, 200);
    assert.equal(created.body.status, "queued");
    assert.equal(created.settlement?.success, true);
    assert.equal(await h.chain.balanceOf(h.env.payTo), before + BigInt(PRICE));
    assert.equal((await getJob(h.db, created.body.job_id))?.status, "queued");
    assert.equal((await getPaymentForJob(h.db, created.body.job_id))?.status, "settled");
    const res = answer(created);
    assert.equal(res.status, 200);
    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response") ?? "");
    assert.equal(receipt.transaction, created.settlement?.transaction);

    // The same key and body, with a payment by the same wallet, replay the answer; another body
    // under it is refused. Without a payment the key says nothing: the usual challenge.
    const unpaid = as(await h.post(FIXED, KITE, { "idempotency-key": "k-created" }), "challenge");
    assert.equal(unpaid.required.accepts[0]?.amount, String(PRICE));
    const replay = as(
      await h.post(FIXED, KITE, {
        "payment-signature": await paid(1),
        "idempotency-key": "k-created",
      }),
      "replayed",
    );
    assert.deepEqual([replay.by, replay.body], ["idempotency_key", created.body]);
    const replayed = answer(replay);
    assert.equal(replayed.headers.get("idempotent-replayed"), "true");
    const reused = as(
      await h.post(
        FIXED,
        { prompt: "a boat" },
        {
          "payment-signature": await paid(1, { prompt: "a boat" }),
          "idempotency-key": "k-created",
        },
      ),
      "refused",
    );
    assert.equal(reused.code, "idempotency_key_reused");

    // The same payment again: the job, not a second charge; for another body, a new challenge.
    const again = as(await h.post(FIXED, KITE, { "payment-signature": signature }), "replayed");
    assert.equal(again.by, "payment");
    assert.equal((again.body as { job_id: string }).job_id, created.body.job_id);
    assert.equal(answer(again).headers.get("idempotent-replayed"), null);
    const stolen = as(
      await h.post(FIXED, { prompt: "a boat" }, { "payment-signature": signature }),
      "challenge",
    );
    assert.match(String(stolen.required.error), /already paid for another request/);
    assert.equal(await h.chain.balanceOf(h.env.payTo), before + BigInt(PRICE));
  });

  test("an Idempotency-Key belongs to the wallet that paid with it", async () => {
    const key = "k-shared-by-chance";
    const boat = { prompt: "a red boat on a calm sea" };
    const first = as(
      await h.post(FIXED, boat, {
        "payment-signature": await paid(4, boat),
        "idempotency-key": key,
      }),
      "created",
    );
    const before = await h.chain.balanceOf(h.env.payTo);

    // Unpaid, the key reveals nothing: the plain challenge, as for any new request.
    const unpaid = as(await h.post(FIXED, boat, { "idempotency-key": key }), "challenge");
    assert.equal(unpaid.required.accepts[0]?.amount, String(PRICE));
    assert.doesNotMatch(JSON.stringify(unpaid), new RegExp(first.body.job_id));

    // A forged payment naming wallet 4 but signed by wallet 5 is not wallet 4's: it gets no replay.
    const byFive = decodePaymentSignatureHeader(await paid(5, boat)) as unknown as {
      payload: { authorization: { from: string } };
    };
    const victim = decodePaymentSignatureHeader(await paid(4, boat)) as unknown as {
      payload: { authorization: { from: string } };
    };
    byFive.payload.authorization.from = victim.payload.authorization.from;
    const forged = await h.post(FIXED, boat, {
      "payment-signature": encodePaymentSignatureHeader(byFive as never),
      "idempotency-key": key,
    });
    assert.notEqual(forged.kind, "replayed", "a forged payer is not answered from the key");
    assert.equal(forged.kind, "challenge");

    // Another wallet with the same key and body is a request of its own: its own job, its own charge.
    const other = as(
      await h.post(FIXED, boat, {
        "payment-signature": await paid(5, boat),
        "idempotency-key": key,
      }),
      "created",
    );
    assert.notEqual(other.body.job_id, first.body.job_id);
    assert.equal(await h.chain.balanceOf(h.env.payTo), before + BigInt(PRICE));
    const firstJob = await getJob(h.db, first.body.job_id);
    const otherJob = await getJob(h.db, other.body.job_id);
    assert.notEqual(firstJob?.payer, otherJob?.payer);

    // Each wallet's retry with a fresh signature replays its own job and pays nothing more.
    for (const [index, job] of [
      [4, first.body.job_id],
      [5, other.body.job_id],
    ] as const) {
      const again = as(
        await h.post(FIXED, boat, {
          "payment-signature": await paid(index, boat),
          "idempotency-key": key,
        }),
        "replayed",
      );
      assert.equal((again.body as { job_id: string }).job_id, job);
    }
    assert.equal(await h.chain.balanceOf(h.env.payTo), before + BigInt(PRICE));
  });

  test("a definite settlement failure: a challenge with the settlement, job cancelled, key released", async () => {
    const signature = await paid(2);
    h.hooks.beforeSettle = () => h.drain(2);
    const challenge = as(
      await h.post(FIXED, KITE, { "payment-signature": signature, "idempotency-key": "k-failed" }),
      "challenge",
    );
    assert.equal(challenge.settlement?.success, false);
    assert.match(String(challenge.required.error), /^settlement_failed: /);
    const res = answer(challenge);
    assert.equal(res.status, 402);
    assert.equal(
      decodePaymentResponseHeader(res.headers.get("payment-response") ?? "").success,
      false,
    );
    const { payload } = decodePaymentSignatureHeader(signature);
    const auth = (payload as { authorization: { from: string; nonce: string } }).authorization;
    assert.equal(
      await findLiveKey(h.db, payerScopedKey(auth.from, "k-failed")),
      undefined,
      "the key may be used again",
    );
    const payment = await findPaymentByAuthorization(h.db, h.env.network, auth.from, auth.nonce);
    assert.equal(payment?.status, "failed");
    const job = await getJob(h.db, payment?.jobId ?? "");
    assert.deepEqual([job?.status, job?.error?.code], ["cancelled", "settlement_failed"]);
    // The refused authorization is refused again, not retried.
    const again = as(await h.post(FIXED, KITE, { "payment-signature": signature }), "challenge");
    assert.match(String(again.required.error), /already refused/);
  });

  test("an unknown settlement: 202 pending; the payment and its key are in flight meanwhile", async () => {
    const signature = await paid(3);
    const timingOut = { resourceServer: async () => h.timingOut };
    const headers = { "payment-signature": signature, "idempotency-key": "k-unknown" };
    const created = as(await h.post(FIXED, KITE, headers, timingOut), "created");
    assert.equal(created.status, 202);
    assert.equal(created.settlement, undefined);
    assert.equal(created.body.status, "pending_settlement");
    assert.equal(answer(created).status, 202);
    assert.equal((await getPaymentForJob(h.db, created.body.job_id))?.status, "unknown");

    const inFlight = as(
      await h.post(FIXED, KITE, {
        "payment-signature": await paid(3),
        "idempotency-key": "k-unknown",
      }),
      "refused",
    );
    assert.deepEqual([inFlight.code, inFlight.retryAfter], ["idempotency_key_in_flight", 1]);
    as(await h.post(FIXED, KITE, { "idempotency-key": "k-unknown" }), "challenge");
    const payment = as(await h.post(FIXED, KITE, { "payment-signature": signature }), "refused");
    assert.deepEqual([payment.code, payment.retryAfter], ["payment_in_flight", 1]);
    const res = answer(payment);
    assert.deepEqual([res.status, res.headers.get("retry-after")], [409, "1"]);
  });

  test("a payment that does not decode is answered with a new challenge", async () => {
    const challenge = as(
      await h.post(FIXED, KITE, { "payment-signature": "not base64 json" }),
      "challenge",
    );
    assert.match(String(challenge.required.error), /^invalid_payment: /);
  });
});
