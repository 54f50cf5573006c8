import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { payForJob } from "../helpers/pay";
import { startServer, type TestServer } from "../helpers/server";

const BODY = { prompt: "a lighthouse in a slow storm", duration: 4, resolution: "480p" };
const PER_CLIENT = 3;
const TOTAL = 5;
const READS = 30;

/** One greedy client must not take the free endpoints from everyone else, nor stall the process. */
describe("free endpoints under one greedy client", () => {
  let chain: TestChain;
  let db: { url: string; drop: () => Promise<void> };
  let server: TestServer;
  let jobId: string;
  before(async () => {
    chain = await startTestChain();
    db = await createTestDatabase();
    server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      TRUST_PROXY: "true",
      // The job stays in flight, so its event streams stay open.
      LOCAL_RENDER_MIN_LATENCY_MS: "600000",
      LIMIT_EVENT_STREAMS_PER_CLIENT: String(PER_CLIENT),
      LIMIT_EVENT_STREAMS_TOTAL: String(TOTAL),
      LIMIT_FREE_READS_PER_MINUTE_PER_IP: String(READS),
    });
    jobId = (await payForJob(server.url, 7, "/generate/alpha-fast/custom", BODY)).job_id;
  });
  after(async () => {
    await server?.stop();
    await db?.drop();
    await chain?.stop();
  });

  const open = (from: string) =>
    fetch(`${server.url}/jobs/${jobId}/events`, { headers: { "x-forwarded-for": from } });
  const problemOf = async (res: Response) => {
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.match(res.headers.get("retry-after") ?? "", /^\d+$/);
    return ((await res.json()) as { code: string }).code;
  };

  test("streams: per client 429, for everyone together 503, places given back on close; /healthz stays quick", {
    timeout: 180_000,
  }, async () => {
    const greedy = "203.0.113.10";
    const healthz = async () => {
      const t = Date.now();
      const res = await fetch(`${server.url}/healthz`);
      await res.arrayBuffer();
      return { status: res.status, ms: Date.now() - t };
    };
    const [answers, health] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => open(greedy))),
      (async () => {
        await new Promise((r) => setTimeout(r, 50));
        return healthz();
      })(),
    ]);
    const opened = answers.filter((r) => r.status === 200);
    assert.equal(opened.length, PER_CLIENT, "at most the per-client streams");
    for (const res of answers.filter((r) => r.status !== 200)) {
      assert.equal(res.status, 429);
      assert.equal(await problemOf(res), "too_many_streams");
    }
    // A generous bound that only proves "not frozen" on a loaded machine.
    assert.equal(health.status, 200);
    assert.ok(health.ms < 5_000, `/healthz took ${health.ms} ms`);

    // Another client (the same /64 counts as one) still gets its own; then the process is full.
    const v6a = await open("2001:db8:7:7::1");
    const v6b = await open("2001:db8:7:7::2");
    assert.deepEqual([v6a.status, v6b.status], [200, 200]);
    const full = await open("198.51.100.20");
    assert.equal(full.status, 503);
    assert.equal(await problemOf(full), "streams_full");

    // Closing a stream gives its place back.
    await opened[0]?.body?.cancel();
    let again: Response | undefined;
    for (let i = 0; i < 100; i++) {
      again = await open("198.51.100.20");
      if (again.status === 200) break;
      await again.arrayBuffer();
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(again?.status, 200, "a closed stream's place is free again");
    for (const res of [...opened.slice(1), v6a, v6b, again]) await res?.body?.cancel();
  });

  test("polling: one client hammering GET /jobs/{id} gets 429 with Retry-After; others are served", {
    timeout: 120_000,
  }, async () => {
    const poll = (from: string) =>
      fetch(`${server.url}/jobs/${jobId}`, { headers: { "x-forwarded-for": from } });
    const statuses: number[] = [];
    let refused: Response | undefined;
    const started = Date.now();
    for (let i = 0; i < READS + 40; i++) {
      const res = await poll("203.0.113.50");
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.arrayBuffer();
    }
    // A minute's allowance at once, then it refills evenly (READS per 60 s).
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * READS);
    const served = statuses.filter((s) => s === 200).length;
    assert.ok(served >= READS && served <= READS + refilled, `${served} served`);
    assert.ok(refused);
    assert.equal(await problemOf(refused), "rate_limited");
    // Garbage in X-Forwarded-For does not mint a fresh allowance: it counts as the peer.
    const disguised = await Promise.all(
      Array.from({ length: READS + 5 }, (_, i) => poll(`not-an-ip-${i}`)),
    );
    assert.ok(
      disguised.some((r) => r.status === 429),
      "made-up addresses share the peer's budget",
    );
    for (const r of disguised) await r.arrayBuffer();
    const other = await poll("203.0.113.51");
    assert.equal(other.status, 200);
  });
});
