import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { payForJob } from "../helpers/pay";
import { waitFor } from "../helpers/poll";
import { startServer, type TestServer } from "../helpers/server";
import { signingFetch } from "../helpers/sign-in";

const BODY = { prompt: "a kite over a windy beach", duration: 4, resolution: "480p" };

type Job = {
  job_id: string;
  status: string;
  refund: { status: string; amount: string; transaction: string | null } | null;
  progress: { phase: string };
  payment: { amount: string };
  request: Record<string, unknown>;
};

/**
 * One job per wallet at a time and a slow render: a wallet's second job waits queued while its
 * first generates, long enough to be cancelled.
 */
describe("cancel and history by wallet (sign-in-with-x)", () => {
  let chain: TestChain;
  let db: { url: string; drop: () => Promise<void> };
  let server: TestServer;
  before(async () => {
    chain = await startTestChain();
    db = await createTestDatabase();
    server = await startServer({
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      POLL_INTERVAL_MS: "150",
      LOCAL_RENDER_MIN_LATENCY_MS: "20000",
      LIMIT_ACTIVE_JOBS_PER_WALLET: "1",
    });
  });
  after(async () => {
    await server?.stop();
    await db?.drop();
    await chain?.stop();
  });

  const job = async (id: string) => (await (await fetch(`${server.url}/jobs/${id}`)).json()) as Job;
  const owner = signingFetch(5);
  const stranger = signingFetch(6);
  const ids: string[] = [];

  test("the payer cancels a queued job and is refunded; another wallet gets 403; a generating job 409", {
    timeout: 180_000,
  }, async () => {
    const first = await payForJob(server.url, 5, "/generate/alpha-fast/custom", BODY);
    await waitFor(
      "the first job generating",
      async () => (await job(first.job_id)).status === "generating",
    );
    const before = await chain.balanceOf(owner.account.address);
    const second = await payForJob(server.url, 5, "/generate/alpha-fast/custom", BODY);
    ids.push(first.job_id, second.job_id);
    const paid = before - (await chain.balanceOf(owner.account.address));
    assert.equal(String(paid), (await job(second.job_id)).payment.amount);
    assert.equal((await job(second.job_id)).progress.phase, "waiting_for_wallet_slot");

    const url = `${server.url}/jobs/${second.job_id}`;
    const unsigned = await fetch(url, { method: "DELETE" });
    assert.equal(unsigned.status, 401);
    assert.equal(((await unsigned.json()) as { code: string }).code, "signature_required");

    const foreign = await stranger.fetch(url, { method: "DELETE" });
    assert.equal(foreign.status, 403);
    assert.equal(((await foreign.json()) as { code: string }).code, "wrong_wallet");
    assert.equal((await job(second.job_id)).status, "queued");

    const cancelled = await owner.fetch(url, { method: "DELETE" });
    assert.equal(cancelled.status, 200);
    assert.equal(((await cancelled.json()) as Job).status, "cancelled");
    const refunded = await waitFor(
      "the refund confirmed",
      async () => {
        const j = await job(second.job_id);
        return j.refund?.status === "confirmed" ? j : null;
      },
      60_000,
    );
    assert.equal(refunded.status, "cancelled");
    assert.match(refunded.refund?.transaction ?? "", /^0x[0-9a-f]{64}$/);
    assert.equal(
      await chain.balanceOf(owner.account.address),
      before,
      "the payer's balance is restored",
    );

    const late = await owner.fetch(`${server.url}/jobs/${first.job_id}`, { method: "DELETE" });
    assert.equal(late.status, 409);
    const why = (await late.json()) as { code: string; detail: string; status: number };
    assert.equal(why.code, "not_cancellable");
    assert.match(why.detail, /generation has started/);
    assert.equal((why as unknown as { job_status: string }).job_status, "generating");
    assert.equal((await job(first.job_id)).status, "generating");
  });

  test("each wallet lists only its own jobs, newest first, page by page", {
    timeout: 120_000,
  }, async () => {
    const theirs = await payForJob(server.url, 6, "/generate/alpha-fast/custom", BODY);
    const list = async (who: typeof owner, payer: string, query = "") => {
      const res = await who.fetch(`${server.url}/jobs?payer=${payer}${query}`);
      return {
        status: res.status,
        body: (await res.json()) as { jobs: Job[]; next_cursor: string | null; code?: string },
      };
    };
    const mine = await list(owner, owner.account.address);
    assert.equal(mine.status, 200);
    // Each listed job says what was paid for, as recorded, so a history card can show it.
    assert.deepEqual(mine.body.jobs[0]?.request, {
      model: "alpha-2.0-fast",
      prompt: BODY.prompt,
      duration_seconds: 4,
      resolution: "480p",
      ratio: "adaptive",
      generate_audio: false,
      camera_fixed: null,
      seed: null,
      images: 0,
    });
    assert.deepEqual(
      mine.body.jobs.map((j) => j.job_id),
      [...ids].reverse(),
    );
    const other = await list(stranger, stranger.account.address);
    assert.deepEqual(
      other.body.jobs.map((j) => j.job_id),
      [theirs.job_id],
    );

    const page1 = await list(owner, owner.account.address, "&limit=1");
    assert.equal(page1.body.jobs.length, 1);
    assert.ok(page1.body.next_cursor);
    const page2 = await list(
      owner,
      owner.account.address,
      `&limit=1&cursor=${page1.body.next_cursor}`,
    );
    assert.deepEqual(
      [...page1.body.jobs, ...page2.body.jobs].map((j) => j.job_id),
      [...ids].reverse(),
    );
    assert.equal(page2.body.next_cursor, null);

    const snoop = await list(stranger, owner.account.address);
    assert.equal(snoop.status, 403);
    assert.equal(snoop.body.code, "wrong_wallet");
  });
});
