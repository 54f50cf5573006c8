import assert from "node:assert/strict";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { before, test } from "node:test";
import { and, eq } from "drizzle-orm";
import type { GenerationSpec } from "@/lib/catalog/generation-spec";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import { listAttempts } from "@/lib/jobs/attempt-repository";
import { createVideoScreener } from "@/lib/jobs/screen-delivered-video";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import type { ProviderName, VideoProvider } from "@/lib/jobs/providers/types";
import { refundIfOwed } from "@/lib/money/refunds/refund-policy";
import { refundForJob } from "@/lib/money/refunds/repository";
import { createLocalStore, localVideoPath } from "@/lib/media/storage/local-store";
import { FACE_PHOTO, patternClip, stillClip } from "../helpers/clips";
import {
  payerSequence,
  queuedJob,
  SPEC,
  type TempDb,
  tempDbForSuite,
  POLLING_ONLY,
  SCRIPTED_UPSTREAM,
  settledPaymentFor,
} from "../helpers/jobs";

/**
 * advance() with output screening on a real (PGlite) database and store, real ffmpeg and real
 * detectors. The upstream is the outside world: a scripted one that delivers the clip a test
 * hands it, the way a misbehaving upstream would.
 */

let opened: TempDb;
let db: Db;
tempDbForSuite((o) => {
  opened = o;
  db = o.db;
});
const payer = payerSequence(0x700);
const IMAGE_SPEC: GenerationSpec = {
  ...SPEC,
  images: {
    first: { id: `upl_${"b".repeat(64)}`, mime: "image/png", width: 800, height: 600 },
    last: null,
  },
};

let faceClip: Buffer;
let cleanClip: Buffer;
before(async () => {
  [faceClip, cleanClip] = await Promise.all([
    stillClip(FACE_PHOTO, 2, { size: "640x360" }),
    patternClip("testsrc2", 2),
  ]);
});

/** Finishes every task on its first poll and delivers `video()`; counts submissions. */
function delivering(name: ProviderName, video: () => Buffer) {
  const submitted: string[] = [];
  const provider: VideoProvider = {
    name,
    ...SCRIPTED_UPSTREAM,
    async submit() {
      submitted.push(`${name}-${submitted.length + 1}`);
      return { taskId: submitted.at(-1) as string };
    },
    async poll() {
      return {
        state: "succeeded",
        videoUrl: "https://cdn.example/v.mp4",
        seed: 1,
        framesPerSecond: 24,
      };
    },
    async download() {
      const bytes = video();
      return { body: Readable.from([bytes]), contentType: "video/mp4", size: bytes.length };
    },
    async cancel() {
      return "stopped" as const;
    },
  };
  return { provider, submitted };
}

const videosDir = () => path.join(opened.dir, "videos");
function depsWith(providers: VideoProvider[], over: Partial<AdvanceDeps> = {}): AdvanceDeps {
  return {
    db,
    providers,
    store: createLocalStore({ dir: videosDir(), secret: "s".repeat(32) }),
    activeJobsPerWallet: 5,
    maxAttempts: 3,
    attemptDeadlineMs: 600_000,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    ...POLLING_ONLY,
    onFinished: async (tx, job) => {
      await refundIfOwed(tx, job, "as the engine wires it", true);
    },
    ...over,
  };
}

async function paidGeneratingJob(spec: GenerationSpec) {
  const job = await queuedJob(db, payer(), spec);
  await settledPaymentFor(db, job);
  await changeStatus(db, job.id, "queued", "generating", { startedAt: new Date() });
  return job;
}

const stored = (key: string) =>
  stat(localVideoPath(videosDir(), key)).then(
    () => true,
    () => false,
  );
const attemptsOf = async (jobId: string) =>
  (await listAttempts(db, jobId)).map((a) => [a.number, a.status, a.error?.code ?? null]);
const screenings = async (jobId: string) =>
  (
    await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.jobId, jobId), eq(auditEvents.type, "video.screened")))
  ).map((e) => e.data);

test("a face delivered for a picture-made job fails it for the output policy, refunded, nothing stored, no second upstream", {
  timeout: 180_000,
}, async () => {
  const job = await paidGeneratingJob(IMAGE_SPEC);
  const first = delivering("ark", () => faceClip);
  const second = delivering("local", () => cleanClip);
  const deps = depsWith([first.provider, second.provider]);
  await advance(deps, job.id); // submit
  const result = await advance(deps, job.id); // finished upstream: download, screen
  assert.deepEqual(result, { status: "failed", next: null });
  const failed = await getJob(db, job.id);
  assert.equal(failed?.status, "failed");
  assert.equal(failed?.error?.code, "output_content_policy");
  assert.match(failed?.error?.message ?? "", /withheld.*face/);
  assert.equal(failed?.videoKey, null);
  assert.equal(await stored(job.id), false, "a withheld video never reaches the store");
  assert.deepEqual(await attemptsOf(job.id), [[1, "failed", "output_content_policy"]]);
  assert.deepEqual(second.submitted, [], "no other upstream is paid to try again");
  const refund = await refundForJob(db, job.id);
  assert.equal(refund?.amountAtomic, job.amountAtomic);
  const [audit] = await screenings(job.id);
  assert.equal(audit?.verdict, "withheld");
  assert.equal(audit?.category, "likeness");
});

test("the same face delivered for a text-to-video job is released", {
  timeout: 120_000,
}, async () => {
  const job = await paidGeneratingJob(SPEC);
  const deps = depsWith([delivering("local", () => faceClip).provider]);
  await advance(deps, job.id);
  assert.deepEqual(await advance(deps, job.id), { status: "succeeded", next: null });
  assert.equal(await stored(job.id), true);
  assert.equal(await refundForJob(db, job.id), undefined);
  assert.equal((await screenings(job.id))[0]?.verdict, "pass");
});

test("could not tell: nothing is released and the step comes back; a crash mid-screening re-screens; then it passes", {
  timeout: 120_000,
}, async () => {
  const job = await paidGeneratingJob(IMAGE_SPEC);
  const upstream = delivering("local", () => cleanClip);
  const broken = createVideoScreener({ ffmpegPath: path.join(opened.dir, "no-ffmpeg") });
  const deps = depsWith([upstream.provider], {
    screening: { screen: broken, retryMs: 3_000, giveUpMs: 60_000 },
  });
  await advance(deps, job.id);
  const waiting = await advance(deps, job.id);
  assert.equal(waiting.status, "generating");
  assert.ok(waiting.next && waiting.next.getTime() - Date.now() > 2_000, "tried again later");
  assert.equal((await getJob(db, job.id))?.videoKey, null);
  assert.equal(await stored(job.id), false);
  assert.deepEqual(await attemptsOf(job.id), [[1, "running", null]]);
  assert.equal((await screenings(job.id))[0]?.verdict, "unknown");

  // The process dies while screening (the screener throws out of the step).
  const crashing = depsWith([upstream.provider], {
    screening: {
      screen: async () => {
        throw new Error("killed");
      },
    },
  });
  await assert.rejects(advance(crashing, job.id), /killed/);
  assert.equal((await getJob(db, job.id))?.status, "generating");
  assert.equal(await stored(job.id), false);

  assert.deepEqual(await advance(depsWith([upstream.provider]), job.id), {
    status: "succeeded",
    next: null,
  });
  assert.equal(await stored(job.id), true);
  assert.deepEqual(upstream.submitted, ["local-1"], "one upstream task throughout");
});

test("could not tell past the bound: the job fails as unscreened and is refunded, counted from the first try", {
  timeout: 120_000,
}, async () => {
  const job = await paidGeneratingJob(SPEC);
  const upstream = delivering("local", () => cleanClip);
  const deps = depsWith([upstream.provider], {
    screening: {
      screen: createVideoScreener({ ffprobePath: path.join(opened.dir, "no-ffprobe") }),
      retryMs: 10,
      giveUpMs: 5_000,
    },
  });
  await advance(deps, job.id);
  await advance(deps, job.id);
  const [firstTry] = await listAttempts(db, job.id);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await advance(deps, job.id)).status, "generating");
  const [again] = await listAttempts(db, job.id);
  assert.equal(
    again?.storingAt?.getTime(),
    firstTry?.storingAt?.getTime(),
    "the clock is not reset",
  );
  await new Promise((r) => setTimeout(r, 5_000));
  assert.deepEqual(await advance(deps, job.id), { status: "failed", next: null });
  const failed = await getJob(db, job.id);
  assert.equal(failed?.error?.code, "output_unscreened");
  assert.equal(failed?.videoKey, null);
  assert.ok(await refundForJob(db, job.id));
  assert.deepEqual(upstream.submitted, ["local-1"]);
});
