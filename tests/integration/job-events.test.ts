import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import postgres from "postgres";
import { startTestChain, type TestChain } from "../helpers/chain";
import { createTestDatabase } from "../helpers/database";
import { payForJob } from "../helpers/pay";
import { startServer, type TestServer } from "../helpers/server";
import { type Frame, readFrames } from "../helpers/sse";

const BODY = { prompt: "a heron lifting off a misty pond", duration: 4, resolution: "480p" };

/**
 * Two server processes on one Postgres: B runs the jobs, A runs none (its engine is Inngest,
 * which nothing drives here), so every change a client of A sees was made in B and reached A
 * through LISTEN/NOTIFY.
 */
describe("job event streams across processes", () => {
  let chain: TestChain;
  let db: { url: string; drop: () => Promise<void> };
  let a: TestServer;
  let b: TestServer;
  before(async () => {
    chain = await startTestChain();
    db = await createTestDatabase();
    const env = {
      RPC_URL: chain.rpcUrl,
      USDC_ADDRESS: chain.token,
      DATABASE_URL: db.url,
      POLL_INTERVAL_MS: "150",
      LOCAL_RENDER_MIN_LATENCY_MS: "4000",
    };
    b = await startServer(env);
    a = await startServer({ ...env, JOB_ENGINE: "inngest" });
  });
  after(async () => {
    await a?.stop();
    await b?.stop();
    await db?.drop();
    await chain?.stop();
  });

  const events = async (id: string, lastEventId?: number) =>
    fetch(`${a.url}/jobs/${id}/events`, {
      headers: lastEventId === undefined ? {} : { "last-event-id": String(lastEventId) },
    });
  const changes = (frames: Frame[]) => frames.filter((f) => f.id !== null);

  test("a client of A sees every change B's runner makes, in order, then the final job; a resume repeats nothing", {
    timeout: 180_000,
  }, async () => {
    const created = await payForJob(b.url, 3, "/generate/alpha-fast/custom", BODY);
    const whole = await events(created.job_id);
    assert.equal(whole.status, 200);
    assert.match(whole.headers.get("content-type") ?? "", /^text\/event-stream/);
    const interrupted = await events(created.job_id);
    assert.ok(whole.body && interrupted.body);
    const [all, firstPart] = await Promise.all([
      readFrames(whole.body),
      // This client drops after two changes, then comes back with Last-Event-ID.
      readFrames(interrupted.body, (f) => changes(f).length >= 2),
    ]);

    const seen = changes(all);
    assert.deepEqual(
      seen.map((f) => [f.event, f.data.status ?? f.data.outcome]),
      [
        ["status", "pending_settlement"],
        ["status", "queued"],
        ["status", "generating"],
        ["attempt", "started"],
        ["attempt", "succeeded"],
        ["job", "succeeded"],
      ],
    );
    const ids = seen.map((f) => f.id as number);
    assert.deepEqual(
      ids,
      [...ids].sort((x, y) => x - y),
    );
    const final = seen.at(-1) as Frame;
    assert.equal(final.data.job_id, created.job_id);
    assert.match(String(final.data.video_url), /\/videos\//);
    assert.equal((final.data.progress as { phase: string }).phase, "done");
    // The render takes 4 s in B: the stream was open before the job finished, so the end came live.
    assert.ok(Date.parse(String(final.data.updated_at)) > (all[0] as Frame).received, "live");
    assert.ok(
      all.some(
        (f) =>
          f.event === "progress" && (f.data.progress as { phase: string }).phase === "generating",
      ),
    );

    const before = changes(firstPart).map((f) => f.id as number);
    const resumed = await events(created.job_id, before.at(-1));
    assert.equal(resumed.status, 200);
    assert.ok(resumed.body);
    const rest = changes(await readFrames(resumed.body)).map((f) => f.id as number);
    assert.deepEqual([...before, ...rest], ids, "together exactly once each, in order");

    const done = await events(created.job_id, ids.at(-1));
    assert.equal(done.status, 204, "nothing after the final job: the client stops reconnecting");

    // The attempt is in /status's per-provider window, seen from the other process too.
    const status = (await (await fetch(`${a.url}/status`)).json()) as {
      providers: {
        provider: string;
        attempts: number;
        success_rate: number;
        p50_seconds: number;
      }[];
    };
    const local = status.providers.find((p) => p.provider === "local");
    assert.equal(local?.attempts, 1);
    assert.equal(local?.success_rate, 1);
    assert.ok((local?.p50_seconds ?? 0) >= 4, "the 4 s render is the median");
  });

  test("A's listening connection is cut: it listens again and its clients miss nothing", {
    timeout: 120_000,
  }, async () => {
    // Warm A's listener up, then terminate its LISTEN session from the server side.
    await (
      await events((await payForJob(b.url, 5, "/generate/alpha-fast/custom", BODY)).job_id)
    ).body?.cancel();
    const admin = postgres(db.url, { max: 1, onnotice: () => {} });
    const cut = await admin<{ pid: number }[]>`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and query ilike 'listen%'`;
    await admin.end();
    assert.ok(cut.length >= 1, "a LISTEN session was there to cut");
    const created = await payForJob(b.url, 6, "/generate/alpha-fast/custom", BODY);
    const res = await events(created.job_id);
    assert.ok(res.body);
    const seen = changes(await readFrames(res.body));
    assert.equal(seen.at(-1)?.event, "job");
    const final = seen.at(-1) as Frame;
    assert.equal(final.data.status, "succeeded");
    // Without a listener only the 15 s look would find the end; live, it arrives at once.
    const late = final.received - Date.parse(String(final.data.updated_at));
    assert.ok(late < 3_000, `the end arrived ${late} ms after it happened`);
  });

  test("an unknown job is a problem+json 404 and a malformed Last-Event-ID a 403", async () => {
    const missing = await events(crypto.randomUUID());
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get("content-type"), "application/problem+json");
    const created = await payForJob(b.url, 4, "/generate/alpha-fast/custom", BODY);
    const bad = await fetch(`${a.url}/jobs/${created.job_id}/events`, {
      headers: { "last-event-id": "not-an-id" },
    });
    assert.equal(bad.status, 403);
    assert.equal(((await bad.json()) as { code: string }).code, "invalid_request");
  });
});
