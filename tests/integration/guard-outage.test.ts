import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { post } from "../helpers/http";
import { type Stack, startStack } from "../helpers/stack";

let stack: Stack;
before(async () => {
  // Nothing listens on port 1: the limit store's Redis is down from the start.
  stack = await startStack({ database: "pglite", env: { REDIS_URL: "redis://127.0.0.1:1" } });
});
after(() => stack?.close());

test("when the limit store is down, generation POSTs get 503 with Retry-After, never a quote, and the service stays up", {
  timeout: 60_000,
}, async () => {
  for (let i = 0; i < 2; i++) {
    const res = await post(`${stack.server.url}/generate/alpha/5s-720p`, {
      prompt: "a kite over a beach",
    });
    assert.equal(res.status, 503);
    assert.equal(res.headers.get("payment-required"), null);
    assert.equal(res.headers.get("retry-after"), "5");
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    const body = (await res.json()) as { code: string; detail: string };
    assert.equal(body.code, "unavailable");
    assert.doesNotMatch(body.detail, /redis|127\.0\.0\.1/i, "no internals leak");
  }
  const status = await fetch(`${stack.server.url}/status`);
  assert.equal(status.status, 200, "free endpoints do not depend on the limit store");
});
