import assert from "node:assert/strict";
import path from "node:path";
import { Readable } from "node:stream";
import { before, test } from "node:test";
import { JobEventHub, listenOnPglite } from "@/lib/notify/job-events/hub";
import { openJobStream } from "@/lib/notify/job-events/job-stream";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import { readJob } from "@/lib/notify/job-events/job-view";
import { providerReliability } from "@/lib/jobs/provider-window-repository";
import { ProviderFailure, type ProviderName, type VideoProvider } from "@/lib/jobs/providers/types";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { patternClip } from "../helpers/clips";
import { queuedJob, tempDbPerTest, POLLING_ONLY, SCRIPTED_UPSTREAM } from "../helpers/jobs";
import { readFrames } from "../helpers/sse";

const freshDb = tempDbPerTest();

// A real MP4 without a person: the delivered video passes output screening like an honest one.
let clip: Buffer;
before(async () => {
  clip = await patternClip("testsrc2", 1, "320x180");
});

/** An upstream that fails its first task when asked to, and finishes others on the second poll. */
function fakeProvider(name: ProviderName, fail: boolean): VideoProvider {
  const polls = new Map<string, number>();
  return {
    name,
    ...SCRIPTED_UPSTREAM,
    async submit() {
      if (fail)
        throw new ProviderFailure({ code: "upstream_error", message: "down", retryable: true });
      return { taskId: `${name}-${polls.size + 1}` };
    },
    async poll(taskId) {
      const n = (polls.get(taskId) ?? 0) + 1;
      polls.set(taskId, n);
      return n < 2
        ? { state: "running" }
        : { state: "succeeded", videoUrl: "x", seed: 1, framesPerSecond: 24 };
    },
    async download() {
      return { body: Readable.from([clip]), contentType: "video/mp4", size: clip.length };
    },
    async cancel() {
      return "stopped" as const;
    },
  };
}

async function setUp() {
  const db = await freshDb();
  const hub = new JobEventHub();
  await listenOnPglite(db.db, hub);
  const deps: AdvanceDeps = {
    db: db.db,
    providers: [fakeProvider("ark", true), fakeProvider("local", false)],
    store: createLocalStore({ dir: path.join(db.dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 1,
    maxAttempts: 3,
    attemptDeadlineMs: 60_000,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    ...POLLING_ONLY,
  };
  const stream = (jobId: string, afterId = 0) =>
    openJobStream({
      db: db.db,
      hub,
      jobId,
      after: afterId,
      sign: (key) => `/videos/${key}`,
      baseUrl: "http://127.0.0.1",
      activeJobsPerWallet: 1,
      heartbeatMs: 60_000,
    });
  const runToEnd = async (jobId: string) => {
    for (let i = 0; i < 20; i++) if ((await advance(deps, jobId)).next === null) return;
    throw new Error("the job did not finish");
  };
  return { db: db.db, deps, stream, runToEnd };
}

test("a stream sees every change of a job in order, ends with the final job, and resumes without repeats", async () => {
  const { db, stream, runToEnd } = await setUp();
  const job = await queuedJob(db, "0x00000000000000000000000000000000000000b1");
  const live = await stream(job.id);
  assert.ok(live);
  const seen = readFrames(live);
  await runToEnd(job.id);
  const frames = await seen;

  const changes = frames.filter((f) => f.id !== null);
  const ids = changes.map((f) => f.id as number);
  assert.deepEqual(
    ids,
    [...ids].sort((a, b) => a - b),
    "ids increase",
  );
  assert.equal(new Set(ids).size, ids.length, "no change twice");
  assert.deepEqual(
    changes.map((f) => [f.event, f.data.status ?? f.data.outcome ?? null, f.data.provider ?? null]),
    [
      ["status", "queued", null],
      ["status", "generating", null],
      ["attempt", "started", "ark"],
      ["attempt", "failed", "ark"],
      ["attempt", "started", "local"],
      ["attempt", "succeeded", "local"],
      ["job", "succeeded", null],
    ],
  );
  const final = changes.at(-1)?.data as { progress: { phase: string; history: unknown[] } };
  assert.equal(final.progress.phase, "done");
  assert.equal(final.progress.history.length, 2, "the failover is in the history");
  assert.ok(
    frames.some(
      (f) =>
        f.event === "progress" && (f.data.progress as { phase: string }).phase === "generating",
    ),
    "progress snapshots follow the job",
  );

  // Resuming after the third change replays only what came after it.
  const resumed = await stream(job.id, ids[2] as number);
  assert.ok(resumed);
  const rest = (await readFrames(resumed)).filter((f) => f.id !== null).map((f) => f.id);
  assert.deepEqual(rest, ids.slice(3));
  // After the final job there is nothing left to send.
  assert.equal(await stream(job.id, ids.at(-1) as number), null);
});

test("progress shows the queue, the wallet slot and an ETA from the SKU's recent attempts", async () => {
  const { db, deps, runToEnd } = await setUp();
  const payer = "0x00000000000000000000000000000000000000b2";
  const first = await queuedJob(db, payer);
  const second = await queuedJob(db, "0x00000000000000000000000000000000000000b3");
  const facts = async (id: string) => {
    const read = await readJob(db, id, 1);
    assert.ok(read);
    return read.facts;
  };

  assert.equal((await facts(first.id)).progress.phase, "queued");
  assert.equal((await facts(first.id)).progress.eta_seconds, null, "no history yet: unknown");
  assert.equal((await facts(second.id)).progress.queue_position, 2);
  assert.equal((await facts(first.id)).payment.amount, "260000");

  await advance(deps, first.id); // generating: the wallet's one slot is taken
  const third = await queuedJob(db, payer);
  assert.equal((await facts(third.id)).progress.phase, "waiting_for_wallet_slot");
  // Its line is the wallet's own: the other wallet's earlier job does not stand before it.
  assert.equal((await facts(third.id)).progress.queue_position, 1);
  const fourth = await queuedJob(db, payer);
  assert.equal((await facts(fourth.id)).progress.queue_position, 2);
  assert.equal((await facts(second.id)).progress.queue_position, 1);

  await runToEnd(first.id);
  const eta = (await facts(second.id)).progress.eta_seconds;
  assert.equal(typeof eta, "number", "the finished job gives the SKU a typical time");

  const providers = await providerReliability(db);
  assert.deepEqual(
    providers.map((p) => [p.provider, p.attempts, p.success_rate, p.failovers]),
    [
      ["ark", 1, 0, 0],
      ["local", 1, 1, 1],
    ],
  );
  assert.equal(typeof providers[1]?.p50_seconds, "number");
});
