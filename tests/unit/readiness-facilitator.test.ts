import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import { KNOWN_USDC, parseEnv } from "@/lib/platform/env";
import { createFacilitatorReadiness } from "@/lib/ops/health/readiness";

const facilitatorReadiness = createFacilitatorReadiness();

const servers: Server[] = [];
after(() => {
  for (const s of servers) s.close();
});

/** A facilitator speaking x402's /supported wire format, listing `networks`, counting its calls. */
async function fakeFacilitator(networks: string[], opts: { delayMs?: number } = {}) {
  const calls = { supported: 0 };
  const server = createServer((req, res) => {
    if (req.url?.endsWith("/supported")) calls.supported++;
    setTimeout(() => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          kinds: networks.map((network) => ({ x402Version: 2, scheme: "exact", network })),
          extensions: [],
          signers: {},
        }),
      );
    }, opts.delayMs ?? 0);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls };
}

const sepolia = (facilitatorUrl: string) =>
  parseEnv({
    X402_NETWORK: "eip155:84532",
    USDC_ADDRESS: KNOWN_USDC["eip155:84532"]!.address,
    PAY_TO: "0x1111111111111111111111111111111111111111",
    FACILITATOR_URL: facilitatorUrl,
    PUBLIC_BASE_URL: "https://reel402.example",
    VIDEO_URL_SECRET: "s".repeat(32),
    AUDIT_CHAIN_SECRET: "a".repeat(32),
    RECEIPT_SIGNING_SECRET: "r".repeat(32),
    RPC_URL: "https://sepolia.base.org",
  });

test("the devnet's in-process facilitator needs no check", async () => {
  assert.deepEqual(await facilitatorReadiness(parseEnv({})), []);
});

test("a facilitator listing x402 v2 exact on our network is ready, and asked at most once per few seconds", async () => {
  const f = await fakeFacilitator(["eip155:84532"]);
  const env = sepolia(f.url);
  for (let i = 0; i < 5; i++) assert.deepEqual(await facilitatorReadiness(env), []);
  assert.equal(f.calls.supported, 1);
});

test("a facilitator not serving our network, unreachable, or too slow makes the instance not ready", async () => {
  const wrong = await fakeFacilitator(["eip155:8453"]);
  assert.deepEqual(
    (await facilitatorReadiness(sepolia(wrong.url))).map((f) => f.check),
    ["facilitator"],
  );
  // Nothing listens on port 1.
  assert.deepEqual(
    (await facilitatorReadiness(sepolia("http://127.0.0.1:1"))).map((f) => f.check),
    ["facilitator"],
  );
  const slow = await fakeFacilitator(["eip155:84532"], { delayMs: 10_000 });
  const t0 = Date.now();
  const failures = await facilitatorReadiness(sepolia(slow.url));
  assert.deepEqual(
    failures.map((f) => f.check),
    ["facilitator"],
  );
  assert.ok(Date.now() - t0 < 5_000, "a slow facilitator must not hold the probe");
  assert.doesNotMatch(JSON.stringify(failures), /127\.0\.0\.1/);
});
