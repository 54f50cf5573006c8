import assert from "node:assert/strict";
import { test } from "node:test";
import type { PaymentRequired } from "@x402/core/types";
import { cachedChallenge } from "@/lib/checkout/challenge-cache";

const challenge = (n: number) => ({ x402Version: 2, n }) as unknown as PaymentRequired;

test("a quote's challenge is built once for a few seconds, then afresh; other quotes get their own", async () => {
  let builds = 0;
  const build = async () => challenge(++builds);
  const t = 1_000_000;
  const first = await cachedChallenge("sku 910000 http://a/x", build, t);
  assert.equal(await cachedChallenge("sku 910000 http://a/x", build, t + 4_999), first);
  assert.notEqual(await cachedChallenge("sku 260000 http://a/x", build, t + 1), first);
  const later = await cachedChallenge("sku 910000 http://a/x", build, t + 5_000);
  assert.notEqual(later, first);
  assert.equal(builds, 3);
});

test("a failed build is not served to the next caller", async () => {
  const t = 2_000_000;
  await assert.rejects(
    cachedChallenge("failing", () => Promise.reject(new Error("facilitator away")), t),
  );
  assert.deepEqual(await cachedChallenge("failing", async () => challenge(7), t + 1), challenge(7));
});
