import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestChain, type TestChain } from "../helpers/chain";
import { post } from "../helpers/http";
import { startServer, type TestServer } from "../helpers/server";

let chain: TestChain;
let server: TestServer;
before(async () => {
  chain = await startTestChain();
  // Nothing listens on port 1: the limit store's Redis is down from the start.
  server = await startServer({
    RPC_URL: chain.rpcUrl,
    USDC_ADDRESS: chain.token,
    REDIS_URL: "redis://127.0.0.1:1",
  });
});
after(async () => {
  await server?.stop();
  await chain?.stop();
});

test("when the limit store is down, generation POSTs get 503 with Retry-After, never a quote, and the service stays up", {
  timeout: 60_000,
}, async () => {
  for (let i = 0; i < 2; i++) {
    const res = await post(`${server.url}/generate/alpha/5s-720p`, {
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
  const status = await fetch(`${server.url}/status`);
  assert.equal(status.status, 200, "free endpoints do not depend on the limit store");
});
