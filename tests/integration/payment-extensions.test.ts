import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { asHeader, signedPayment } from "../helpers/authorization";
import { post, requiredFromHeader } from "../helpers/http";
import { type Stack, startStack } from "../helpers/stack";

const PATH = "/generate/alpha-fast/custom";
const BODY = { prompt: "a paper boat on a pond", duration: 4, resolution: "480p" };
const PAYER = 7;

/** Milliseconds /healthz takes to answer, probed every 50 ms until `done` settles. */
async function longestHealthStall(base: string, done: Promise<unknown>): Promise<number> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let longest = 0;
  while (!finished) {
    const started = performance.now();
    const res = await fetch(`${base}/healthz`);
    await res.arrayBuffer();
    longest = Math.max(longest, performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  return longest;
}

describe("a payment's extensions are data, never code", () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack({ database: "pglite" });
  });
  after(async () => {
    await stack?.close();
  });

  test("a client-supplied schema with a catastrophic pattern is not run, and nothing is charged", {
    timeout: 120_000,
  }, async () => {
    const base = stack.server.url;
    const required = requiredFromHeader(await post(`${base}${PATH}`, BODY));
    // Signed for one atomic unit: whatever the extension does, verification must refuse it.
    const payment = await signedPayment(PAYER, required, { value: 1n });
    // Thirty a's (what the catastrophic patterns backtrack on), then a suffix: each attack has
    // an id of its own, so requests that overlap are judged as payments, not as one id's reuse.
    const idOf = (i: number) => `${"a".repeat(30)}_${i}`;
    const hostile = (
      i: number,
      schema: unknown,
      info: unknown = { required: false, id: idOf(i) },
    ) => asHeader({ ...payment, extensions: { "payment-identifier": { info, schema } } });
    const attacks = [
      // (a+)+b against thirty a's backtracks 2^30 times in a regex engine that runs it.
      hostile(0, { type: "object", properties: { id: { type: "string", pattern: "^(a+)+b$" } } }),
      hostile(1, { type: "object", patternProperties: { "^(a|a)*c$": { type: "string" } } }),
      hostile(2, { $ref: "https://evil.example/schema.json" }),
      hostile(3, "not a schema"),
      hostile(4, null, { required: false, id: "short" }),
      hostile(5, null, { required: false, id: 42 }),
      hostile(6, null, "no info object"),
    ];
    const started = performance.now();
    const answers = Promise.all(
      attacks.map((signature) => post(`${base}${PATH}`, BODY, { "payment-signature": signature })),
    );
    const stall = await longestHealthStall(base, answers);
    const responses = await answers;
    const elapsed = performance.now() - started;
    // Generous bounds on a loaded two-core machine; the old behaviour stalled for many seconds.
    assert.ok(stall < 1_500, `healthz stalled ${Math.round(stall)} ms`);
    assert.ok(elapsed < 10_000, `the hostile payments took ${Math.round(elapsed)} ms`);
    const statuses = responses.map((r) => r.status);
    for (const [i, res] of responses.entries()) {
      assert.ok(res.status < 500, `attack ${i}: ${res.status}`);
      assert.equal(res.headers.get("payment-response"), null, `attack ${i} settled nothing`);
    }
    // A well-formed id with a foreign schema is judged as a payment (and this one pays too
    // little); a malformed id is refused as a malformed payment extension.
    assert.deepEqual(statuses.slice(0, 4), [402, 402, 402, 402], statuses.join(","));
    for (const res of responses.slice(4)) assert.ok([400, 402, 403, 422].includes(res.status));
  });
});
