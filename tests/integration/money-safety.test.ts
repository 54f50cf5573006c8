import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { createPublicClient, http, parseAbiItem } from "viem";
import { devnetAccount, devnetChain } from "@/lib/devnet/accounts";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { fundAccounts } from "../helpers/fund";
import { post, requiredFromHeader } from "../helpers/http";
import { payingFetch } from "../helpers/payer";
import { type JobBody, waitFor, waitForJob } from "../helpers/poll";
import { failureLines, startServer, type TestServer } from "../helpers/server";

const TRANSFER = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);
const OPERATOR = devnetAccount(0).address;

async function refundTransfers(chain: TestChain, payer: string): Promise<bigint[]> {
  const pub = createPublicClient({
    chain: devnetChain(chain.rpcUrl),
    transport: http(chain.rpcUrl),
  });
  const logs = await pub.getLogs({
    address: chain.token,
    event: TRANSFER,
    args: { from: OPERATOR, to: payer as `0x${string}` },
    fromBlock: 0n,
  });
  return logs.map((l) => l.args.value ?? 0n);
}

async function job(
  base: string,
  id: string,
): Promise<
  JobBody & { refund: { status: string; amount: string; transaction: string | null } | null }
> {
  return (await (await fetch(`${base}/jobs/${id}`)).json()) as never;
}

describe("money safety", () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  /** A chain of its own and a server on it, on a throw-away Postgres database when asked. */
  const chainAndServer = async (env: Record<string, string> = {}, onPostgres = false) => {
    const chain = await startTestChain();
    cleanups.push(chain.stop);
    const db = onPostgres ? await createTestDatabase() : null;
    if (db) cleanups.push(db.drop);
    const server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      ...(db ? { DATABASE_URL: db.url } : {}),
      ...env,
    });
    cleanups.push(() => server.stop());
    return { chain, server };
  };

  test("all upstreams failing: the job fails after 3 attempts and the payer gets exactly the quote back, once, even across a crash", {
    timeout: 240_000,
  }, async () => {
    const chain = await startTestChain();
    const db = await createTestDatabase();
    cleanups.push(chain.stop, db.drop);
    const env = {
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      LOCAL_RENDER_FAULT_RATE: "1",
      POLL_INTERVAL_MS: "100",
    };
    let server: TestServer = await startServer({
      ...env,
      DEVNET_FAULTS: "refund-crash-after-broadcast",
    });
    const payer = payingFetch(1);
    const start = await chain.balanceOf(payer.account.address);
    const res = await payer.fetch(`${server.url}/generate/alpha-fast/5s-720p`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "a lighthouse in a storm" }),
    });
    assert.equal(res.status, 200);
    const { job_id } = (await res.json()) as { job_id: string };
    assert.equal(start - (await chain.balanceOf(payer.account.address)), 910_000n);

    // The refund is recorded and broadcast, then the process dies before it can mark it confirmed.
    await waitFor(
      "the crash after broadcasting the refund",
      async () => server.process.exitCode !== null || server.process.signalCode !== null,
      120_000,
    );
    server = await startServer(env, { dataDir: server.dataDir });
    cleanups.push(() => server.stop());

    const done = await waitFor(
      "refund confirmed",
      async () => {
        const j = await job(server.url, job_id);
        return j.refund?.status === "confirmed" ? j : null;
      },
      60_000,
    );
    assert.equal(done.status, "failed");
    assert.equal(done.attempts, 3);
    assert.equal(done.error?.code, "upstream_failed");
    assert.equal(done.refund?.amount, "0.91");
    assert.match(done.refund?.transaction ?? "", /^0x[0-9a-f]{64}$/);
    assert.equal(await chain.balanceOf(payer.account.address), start);
    assert.deepEqual(await refundTransfers(chain, payer.account.address), [910_000n]);
  });

  test("a settlement that times out after the transfer landed is found on chain and the job proceeds", {
    timeout: 180_000,
  }, async () => {
    const { chain, server } = await chainAndServer({
      DEVNET_FAULTS: "settle-timeout-after",
      POLL_INTERVAL_MS: "100",
    });
    const payer = payingFetch(2);
    const start = await chain.balanceOf(payer.account.address);
    const key = crypto.randomUUID();
    const res = await payer.fetch(`${server.url}/generate/alpha-fast/custom`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ prompt: "a slow river", duration: 4, resolution: "480p" }),
    });
    assert.equal(res.status, 202);
    const created = (await res.json()) as { job_id: string; status: string };
    assert.equal(created.status, "pending_settlement");
    const finished = await waitForJob(server.url, created.job_id, 120_000);
    assert.equal(finished.status, "succeeded");
    assert.equal(start - (await chain.balanceOf(payer.account.address)), 260_000n);
    // The key now replays the job to its payer like any completed one, without a second charge.
    const replay = await payer.fetch(`${server.url}/generate/alpha-fast/custom`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify({ prompt: "a slow river", duration: 4, resolution: "480p" }),
    });
    assert.equal(replay.status, 200);
    assert.equal(((await replay.json()) as { job_id: string }).job_id, created.job_id);
    assert.equal(start - (await chain.balanceOf(payer.account.address)), 260_000n);
  });

  test("a settlement that times out before anything was sent expires into cancelled, nothing charged", {
    timeout: 180_000,
  }, async () => {
    const { chain, server } = await chainAndServer({
      DEVNET_FAULTS: "settle-timeout-before",
      PAYMENT_VALIDITY_SECONDS: "30",
    });
    const payer = payingFetch(3);
    const start = await chain.balanceOf(payer.account.address);
    const res = await payer.fetch(`${server.url}/generate/alpha/5s-720p`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt: "fog over a valley" }),
    });
    assert.equal(res.status, 202);
    const { job_id } = (await res.json()) as { job_id: string };
    const t0 = Date.now();
    const finished = await waitForJob(server.url, job_id, 120_000);
    assert.equal(finished.status, "cancelled");
    assert.ok(Date.now() - t0 < 30_000 + 10_000 + 15_000, "resolved within validity plus margin");
    assert.equal(await chain.balanceOf(payer.account.address), start);
  });

  test("a facilitator that does not answer the verify: 503 with Retry-After, no job, nothing charged, no signature logged", {
    timeout: 120_000,
  }, async () => {
    const { chain, server } = await chainAndServer({ DEVNET_FAULTS: "verify-timeout" });
    const url = `${server.url}/generate/alpha/5s-720p`;
    const body = { prompt: "rain on a tin roof" };
    const challenge = requiredFromHeader(await post(url, body));
    const payer = payingFetch(3);
    const signature = encodePaymentSignatureHeader(
      await payer.client.createPaymentPayload(challenge),
    );
    const start = await chain.balanceOf(payer.account.address);
    const res = await post(url, body, { "payment-signature": signature });
    assert.equal(res.status, 503, failureLines(server.output()));
    assert.equal(res.headers.get("retry-after"), "5");
    const problem = (await res.json()) as { code?: string; detail?: string };
    assert.equal(problem.code, "unavailable");
    assert.match(problem.detail ?? "", /Nothing was charged/);
    // The same signature again meets the same answer: nothing was recorded that would replay.
    assert.equal((await post(url, body, { "payment-signature": signature })).status, 503);
    assert.equal(await chain.balanceOf(payer.account.address), start);
    const status = (await (await fetch(`${server.url}/status`)).json()) as { total_jobs: number };
    assert.equal(status.total_jobs, 0);
    const log = server.output();
    assert.match(log, /payment verification could not finish: FacilitatorTimeoutError/);
    assert.ok(!log.includes(signature.slice(0, 40)), "the payment signature is never logged");
    assert.doesNotMatch(log, /unhandled error/);
  });

  test("one Idempotency-Key with 10 different signatures at once: one job, one charge", {
    timeout: 120_000,
  }, async () => {
    const { chain, server } = await chainAndServer();
    const payer = payingFetch(4);
    const url = `${server.url}/generate/alpha/5s-720p`;
    const body = { prompt: "a windmill at sunset" };
    const challenge = requiredFromHeader(await post(url, body));
    const signatures = await Promise.all(
      Array.from({ length: 10 }, async () =>
        encodePaymentSignatureHeader(await payer.client.createPaymentPayload(challenge)),
      ),
    );
    assert.equal(new Set(signatures).size, 10);
    const start = await chain.balanceOf(payer.account.address);
    const key = crypto.randomUUID();
    const results = await Promise.all(
      signatures.map((s) => post(url, body, { "payment-signature": s, "idempotency-key": key })),
    );
    const ok = results.filter((r) => r.status === 200);
    for (const r of results) assert.ok([200, 409].includes(r.status), String(r.status));
    const ids = new Set(
      await Promise.all(ok.map(async (r) => ((await r.json()) as { job_id: string }).job_id)),
    );
    assert.equal(ids.size, 1);
    assert.equal(start - (await chain.balanceOf(payer.account.address)), 960_000n);
  });

  test("30 wallets paying at once near capacity: every wallet's loss equals its accepted jobs' quotes", {
    timeout: 240_000,
  }, async () => {
    const { chain, server } = await chainAndServer(
      {
        LIMIT_QUEUE_CAPACITY: "20",
        LOCAL_RENDER_MIN_LATENCY_MS: "20000",
        LIMIT_POSTS_PER_MINUTE_PER_IP: "200",
      },
      true,
    );
    const indexes = Array.from({ length: 30 }, (_, i) => 20 + i);
    await fundAccounts(chain.rpcUrl, chain.token, indexes, 10_000_000n);
    const url = `${server.url}/generate/alpha-fast/5s-720p`;
    const outcomes = await Promise.all(
      indexes.map(async (i) => {
        const payer = payingFetch(i);
        const res = await payer.fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ prompt: `wallet ${i}` }),
        });
        return { address: payer.account.address, status: res.status };
      }),
    );
    const accepted = outcomes.filter((o) => o.status === 200).length;
    assert.ok(accepted <= 20, `accepted ${accepted} > capacity`);
    assert.ok(accepted >= 1);
    for (const o of outcomes) {
      assert.ok([200, 503].includes(o.status), `${o.status}\n${failureLines(server.output())}`);
      const lost = 10_000_000n - (await chain.balanceOf(o.address));
      assert.equal(lost, o.status === 200 ? 910_000n : 0n, `${o.address} ${o.status}`);
    }
    const status = (await (await fetch(`${server.url}/status`)).json()) as {
      in_flight: number;
      total_jobs: number;
    };
    assert.equal(status.total_jobs, accepted);
  });
});
