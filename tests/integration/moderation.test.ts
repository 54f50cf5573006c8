import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type FakeModeration, startFakeModeration } from "../fakes/moderation-fake";
import { startTestChain, type TestChain } from "../helpers/chain";
import { post } from "../helpers/http";
import { payingFetch } from "../helpers/payer";
import { startServer, type TestServer } from "../helpers/server";

const KEY = "sk-test-moderation-key";
const ORDINARY = "a paper lantern drifting over a lake at dusk";
// Each request comes from its own address unless a test says otherwise, so only the abuse-block
// test accumulates rejections against one.
let lastIp = 0;
const ip = () => `198.51.100.${(lastIp++ % 250) + 1}`;

describe("hosted moderation as a second screening layer", () => {
  let chain: TestChain;
  let fake: FakeModeration;
  let server: TestServer;
  before(async () => {
    [chain, fake] = await Promise.all([startTestChain(), startFakeModeration(KEY)]);
    server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      MODERATION_API_URL: `${fake.url}/v1/moderations`,
      MODERATION_API_KEY: KEY,
      MODERATION_TIMEOUT_MS: "1000",
      TRUST_PROXY: "true",
      ABUSE_BLOCK_REJECTIONS: "3",
    });
  });
  after(async () => {
    await server?.stop();
    await fake?.close();
    await chain?.stop();
  });

  const generate = (prompt: string, client = ip()) =>
    post(`${server.url}/generate/alpha/5s-720p`, { prompt }, { "x-forwarded-for": client });

  test("a prompt the hosted API flags as sexual is refused before payment; nothing is charged", async () => {
    fake.mode = "answer";
    const payer = payingFetch(8);
    const before = await chain.balanceOf(payer.account.address);
    const res = await payer.fetch(`${server.url}/generate/alpha/5s-720p`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip() },
      body: JSON.stringify({ prompt: "a boudoir scene by candlelight" }),
    });
    assert.equal(res.status, 403);
    assert.equal(res.headers.get("payment-required"), null);
    assert.match(res.headers.get("content-type") ?? "", /application\/problem\+json/);
    const body = (await res.json()) as { code: string; category: string };
    assert.deepEqual([body.code, body.category], ["content_policy", "sexual"]);
    assert.ok(fake.inputs().includes("a boudoir scene by candlelight"));
    assert.equal(await chain.balanceOf(payer.account.address), before);
  });

  test("an ordinary prompt, and violence without gore, pass to the 402 challenge", async (t) => {
    fake.mode = "answer";
    const res = await generate(ORDINARY);
    assert.equal(res.status, 402);
    assert.ok(res.headers.get("payment-required"));
    const request = fake.requests.at(-1);
    assert.equal(request?.headers.authorization, `Bearer ${KEY}`);
    assert.deepEqual(request?.body, { model: "omni-moderation-latest", input: ORDINARY });
    assert.equal((await generate("a fantasy sword duel between two knights, no gore")).status, 402);
    t.diagnostic(
      `median 402 with a moderation call: ${(await medianMs(() => generate(ORDINARY))).toFixed(1)} ms`,
    );
    t.diagnostic(
      `median direct call to the fake: ${(await medianMs(() => post(fake.url, { model: "omni-moderation-latest", input: ORDINARY }, { authorization: `Bearer ${KEY}` }))).toFixed(1)} ms`,
    );
  });

  test("a local red line is refused without asking the hosted API", async () => {
    fake.mode = "answer";
    const res = await generate("Barack Obama giving a speech");
    assert.equal(res.status, 403);
    assert.deepEqual(Object.values(pick(await res.json())), ["content_policy", "real_person"]);
    assert.ok(!fake.inputs().some((input) => input.includes("Obama")));
  });

  test("refusals by the hosted API count toward the abuse block like local ones", async () => {
    fake.mode = "answer";
    const client = ip();
    for (let i = 0; i < 3; i++)
      assert.equal((await generate(`a boudoir scene, take ${i}`, client)).status, 403);
    const blocked = await generate(ORDINARY, client);
    assert.equal(blocked.status, 429);
    assert.equal(((await blocked.json()) as { code: string }).code, "ip_blocked");
    assert.equal((await generate(ORDINARY)).status, 402, "other addresses are not blocked");
  });

  for (const mode of ["error", "hang"] as const) {
    // The timeout only turns a hang into a failure; MODERATION_TIMEOUT_MS is 1 s.
    test(`when the hosted API ${mode === "error" ? "answers 500" : "hangs past the timeout"}, the local verdict stands`, {
      timeout: 30_000,
    }, async (t) => {
      fake.mode = mode;
      const seen = fake.requests.length;
      const started = performance.now();
      const res = await generate(ORDINARY);
      t.diagnostic(`402 took ${(performance.now() - started).toFixed(1)} ms`);
      assert.equal(res.status, 402);
      assert.equal(fake.requests.length, seen + 1, "the hosted API was asked");
      assert.equal((await generate("Barack Obama giving a speech")).status, 403);
      assert.match(
        server.output(),
        mode === "error"
          ? /hosted moderation unavailable \(HTTP 500\)/
          : /hosted moderation unavailable \(.*timeout/,
      );
    });
  }
});

async function medianMs(call: () => Promise<Response>, runs = 7): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await (await call()).arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((x, y) => x - y)[Math.floor(runs / 2)] ?? 0;
}

function pick(body: unknown) {
  const { code, category } = body as { code: string; category: string };
  return { code, category };
}
