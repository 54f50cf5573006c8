import assert from "node:assert/strict";
import path from "node:path";
import { Readable } from "node:stream";
import { before, test } from "node:test";
import { JobEventHub, listenOnPglite } from "@/lib/notify/job-events/hub";
import { type JobStreamOptions, openJobStream } from "@/lib/notify/job-events/job-stream";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import type { VideoProvider } from "@/lib/jobs/providers/types";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { patternClip } from "../helpers/clips";
import { queuedJob, tempDbPerTest, POLLING_ONLY, SCRIPTED_UPSTREAM } from "../helpers/jobs";
import { type Frame, readFrames } from "../helpers/sse";

const freshDb = tempDbPerTest();

// A real MP4 without a person: the delivered video passes output screening like an honest one.
let clip: Buffer;
before(async () => {
  clip = await patternClip("testsrc2", 1, "320x180");
});

const provider: VideoProvider = {
  name: "local",
  ...SCRIPTED_UPSTREAM,
  async submit() {
    return { taskId: "t-1" };
  },
  async poll() {
    return { state: "succeeded", videoUrl: "x", seed: 1, framesPerSecond: 24 };
  },
  async download() {
    return { body: Readable.from([clip]), contentType: "video/mp4", size: clip.length };
  },
  async cancel() {
    return "stopped" as const;
  },
};

async function setUp() {
  const db = await freshDb();
  const hub = new JobEventHub();
  await listenOnPglite(db.db, hub);
  const deps: AdvanceDeps = {
    db: db.db,
    providers: [provider],
    store: createLocalStore({ dir: path.join(db.dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 1,
    maxAttempts: 3,
    attemptDeadlineMs: 60_000,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    ...POLLING_ONLY,
  };
  const stream = (jobId: string, after: number, extra: Partial<JobStreamOptions> = {}) =>
    openJobStream({
      db: db.db,
      hub,
      jobId,
      after,
      sign: (key) => `/videos/${key}`,
      baseUrl: "http://127.0.0.1",
      activeJobsPerWallet: 1,
      heartbeatMs: 60_000,
      ...extra,
    });
  const runToEnd = async (jobId: string) => {
    for (let i = 0; i < 20; i++) if ((await advance(deps, jobId)).next === null) return;
    throw new Error("the job did not finish");
  };
  const job = await queuedJob(db.db, "0x00000000000000000000000000000000000000c1");
  return { stream, runToEnd, job };
}

/** The frames until the stream ends, or a failure when it is still open after `ms`. */
async function framesWithin(stream: ReadableStream, ms: number): Promise<Frame[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the stream was still open after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([readFrames(stream), timeout]);
  } finally {
    clearTimeout(timer);
    await stream.cancel().catch(() => undefined);
  }
}

test("a finished job resumed past its final event gets the final job and the end", async () => {
  const { stream, runToEnd, job } = await setUp();
  await runToEnd(job.id);
  const whole = await stream(job.id, 0);
  assert.ok(whole);
  const ids = (await framesWithin(whole, 5_000)).flatMap((f) => (f.id === null ? [] : [f.id]));
  const finalId = ids.at(-1) as number;
  for (const beyond of [finalId + 1, finalId + 1_000_000, 999_999_999_999_999]) {
    const resumed = await stream(job.id, beyond);
    assert.ok(resumed, `Last-Event-ID ${beyond} beyond the final ${finalId} is answered`);
    const frames = (await framesWithin(resumed, 5_000)).filter((f) => f.id !== null);
    assert.deepEqual(
      frames.map((f) => [f.event, f.id, f.data.status]),
      [["job", finalId, "succeeded"]],
    );
  }
  // Exactly the final event seen: nothing left, the client is told to stop (204 over HTTP).
  assert.equal(await stream(job.id, finalId), null);
});

test("a job still running, resumed with an id beyond all of its events, still ends with the final job", async () => {
  const { stream, runToEnd, job } = await setUp();
  const resumed = await stream(job.id, 999_999_999_999_999);
  assert.ok(resumed);
  const frames = framesWithin(resumed, 10_000);
  await runToEnd(job.id);
  const seen = (await frames).filter((f) => f.id !== null);
  assert.equal(seen.at(-1)?.event, "job");
  assert.equal(seen.at(-1)?.data.status, "succeeded");
});

test("a client that stops reading is let go once its unread events pass the allowance", async () => {
  const { stream, job } = await setUp();
  let closed = 0;
  const unread = await stream(job.id, 0, {
    heartbeatMs: 50,
    maxUnreadBytes: 128,
    onClose: () => closed++,
  });
  assert.ok(unread);
  // Nobody reads: heartbeats pile up until the allowance is passed, then the stream lets go.
  const deadline = Date.now() + 30_000;
  while (closed === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  assert.equal(closed, 1, "released once the unread bytes passed 128");
  await unread.cancel();
  assert.equal(closed, 1, "released once, not again on cancel");
});

test("the slot is released once when the client goes away, and a stream ends at its lifetime", async () => {
  const { stream, job } = await setUp();
  let closed = 0;
  const gone = await stream(job.id, 0, { onClose: () => closed++ });
  assert.ok(gone);
  await gone.cancel();
  await gone.cancel();
  assert.equal(closed, 1);

  let ended = 0;
  const short = await stream(job.id, 0, { maxLifetimeMs: 200, onClose: () => ended++ });
  assert.ok(short);
  await framesWithin(short, 5_000);
  assert.equal(ended, 1, "closed at its lifetime; the client resumes with Last-Event-ID");
});
