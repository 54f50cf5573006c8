import assert from "node:assert/strict";
import { rm, stat } from "node:fs/promises";
import { eq } from "drizzle-orm";
import path from "node:path";
import { Readable } from "node:stream";
import { before, beforeEach, test } from "node:test";
import type { Db } from "@/lib/platform/db/client";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import { listAttempts } from "@/lib/jobs/attempt-repository";
import { followUpOrphanTasks } from "@/lib/jobs/orphan-tasks";
import { providerReliability } from "@/lib/jobs/provider-window-repository";
import { attempts, providerHealth } from "@/lib/jobs/schema";
import { changeStatus, getJob, insertJob } from "@/lib/jobs/repository";
import { createLocalProvider } from "@/lib/jobs/providers/local-renderer";
import {
  type CancelOutcome,
  type PollResult,
  ProviderFailure,
  type ProviderError,
  type ProviderName,
  type VideoProvider,
} from "@/lib/jobs/providers/types";
import { refundIfOwed } from "@/lib/money/refunds/refund-policy";
import { refundForJob } from "@/lib/money/refunds/repository";
import { createLocalStore, localVideoPath } from "@/lib/media/storage/local-store";
import { patternClip } from "../helpers/clips";
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
 * Every branch of advance(), one step at a time, on a real (PGlite) database and store. The
 * upstreams are the outside world: a scripted provider speaking the provider interface, and the
 * real local renderer.
 */

let opened: TempDb;
let db: Db;
tempDbForSuite((o) => {
  opened = o;
  db = o.db;
});

const payer = payerSequence(0x100);

// What the scripted upstreams deliver: a real MP4 without a person, so output screening passes it.
let clip: Buffer;
before(async () => {
  clip = await patternClip("testsrc2", 1, "320x180");
});

const failure = (code: string, retryable = true): ProviderError => ({
  code,
  message: `the upstream said ${code}`,
  retryable,
});

type Script = {
  submit?: () => Promise<{ taskId: string }>;
  poll?: (taskId: string) => Promise<PollResult>;
  /** What the upstream says to a cancel; by default it drops the task. */
  cancel?: () => CancelOutcome;
  /** What a look-up of a lost submit finds; by default nothing. */
  find?: () => Promise<{ taskId: string } | null>;
};

/** An upstream that does what the test scripts, and records what it was asked. */
function scripted(name: ProviderName, script: Script = {}) {
  const calls = { submitted: [] as string[], polled: 0, cancelled: [] as string[], looked: 0 };
  const provider: VideoProvider = {
    name,
    ...SCRIPTED_UPSTREAM,
    async submit() {
      const { taskId } = await (script.submit?.() ??
        Promise.resolve({ taskId: `${name}-${calls.submitted.length + 1}` }));
      calls.submitted.push(taskId);
      return { taskId };
    },
    async poll(taskId) {
      calls.polled++;
      return script.poll?.(taskId) ?? { state: "running" };
    },
    async download() {
      return { body: Readable.from([clip]), contentType: "video/mp4", size: clip.length };
    },
    async cancel(taskId) {
      calls.cancelled.push(taskId);
      return script.cancel?.() ?? "stopped";
    },
    async findSubmitted() {
      calls.looked++;
      return (await script.find?.()) ?? null;
    },
  };
  return { provider, calls };
}

function depsWith(providers: VideoProvider[], over: Partial<AdvanceDeps> = {}): AdvanceDeps {
  return {
    db,
    providers,
    store: createLocalStore({ dir: path.join(opened.dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 5,
    maxAttempts: 3,
    attemptDeadlineMs: 60_000,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    ...POLLING_ONLY,
    // As the engine wires it: a settled job that ends without a video is refunded.
    onFinished: async (tx, job) => {
      await refundIfOwed(tx, job, "generation failed after every attempt", true);
    },
    ...over,
  };
}

async function generatingJob(spec = SPEC) {
  const job = await queuedJob(db, payer(), spec);
  await changeStatus(db, job.id, "queued", "generating", { startedAt: new Date() });
  return job;
}

const settledPayment = (job: { id: string; payer: string; amountAtomic: number }) =>
  settledPaymentFor(db, job);

const storedBytes = async (key: string) =>
  (await stat(localVideoPath(path.join(opened.dir, "videos"), key))).size;

const attemptsOf = async (jobId: string) =>
  (await listAttempts(db, jobId)).map((a) => [
    a.number,
    a.provider,
    a.status,
    a.error?.code ?? null,
  ]);

const soon = (next: Date | null, withinMs: number) =>
  next !== null && next.getTime() - Date.now() <= withinMs;

// A provider's health is the service's, shared by every job: each test starts with all of them up.
beforeEach(async () => {
  await db.delete(providerHealth);
});

test("an unknown job is an error, not a silent no-op", async () => {
  await assert.rejects(advance(depsWith([]), crypto.randomUUID()), /no job/);
});

test("a job still settling or already finished is left alone", async () => {
  const { provider, calls } = scripted("local");
  const settling = await insertJob(db, {
    id: crypto.randomUUID(),
    sku: "alpha-fast-custom",
    status: "pending_settlement",
    spec: SPEC,
    payer: payer(),
    amountAtomic: 260_000,
    network: "eip155:31337",
  });
  assert.deepEqual(await advance(depsWith([provider]), settling.id), {
    status: "pending_settlement",
    next: null,
  });
  const job = await generatingJob();
  await changeStatus(db, job.id, "generating", "cancelled", { runAfter: null });
  assert.deepEqual(await advance(depsWith([provider]), job.id), {
    status: "cancelled",
    next: null,
  });
  assert.deepEqual(calls.submitted, []);
});

test("a queued job starts when its wallet has room, and waits while the wallet is full", async () => {
  const wallet = payer();
  const first = await queuedJob(db, wallet);
  const second = await queuedJob(db, wallet);
  const deps = depsWith([scripted("local").provider], { activeJobsPerWallet: 1 });

  const started = await advance(deps, first.id);
  assert.equal(started.status, "generating");
  assert.ok((await getJob(db, first.id))?.startedAt, "the start is recorded");
  assert.deepEqual(
    (await attemptsOf(first.id)).map((a) => a.slice(0, 3)),
    [[1, "local", "running"]],
    "its first attempt goes out in the same step",
  );
  assert.ok(started.next && started.next.getTime() > Date.now(), "then it is polled later");

  const waiting = await advance(deps, second.id);
  assert.equal(waiting.status, "queued");
  assert.ok(waiting.next && waiting.next.getTime() > Date.now(), "it is looked at again later");
  assert.equal((await getJob(db, second.id))?.status, "queued");
});

test("a generating job without an attempt submits its first one, recorded before the call", async () => {
  const job = await generatingJob();
  let seenWhileSubmitting: unknown[] = [];
  const { provider } = scripted("local", {
    submit: async () => {
      seenWhileSubmitting = await attemptsOf(job.id);
      return { taskId: "task-a" };
    },
  });
  const result = await advance(depsWith([provider]), job.id);
  assert.equal(result.status, "generating");
  assert.deepEqual(seenWhileSubmitting, [[1, "local", "submitting", null]]);
  const [attempt] = await listAttempts(db, job.id);
  assert.deepEqual([attempt?.status, attempt?.taskId], ["running", "task-a"]);
  assert.equal((await getJob(db, job.id))?.attempts, 1);
});

test("polling a task still running changes nothing and polls again after the interval", async () => {
  const job = await generatingJob();
  const { provider, calls } = scripted("local");
  const deps = depsWith([provider], { pollIntervalMs: 5_000 });
  await advance(deps, job.id);
  const result = await advance(deps, job.id);
  assert.equal(calls.polled, 1);
  assert.equal(result.status, "generating");
  assert.ok(result.next && result.next.getTime() - Date.now() > 4_000);
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "running", null]]);
});

test("a finished task is downloaded and stored, then the job succeeds with its video", async () => {
  const job = await generatingJob();
  const { provider } = scripted("local", {
    poll: async () => ({
      state: "succeeded",
      videoUrl: "https://upstream.example/v.mp4",
      seed: 99,
      framesPerSecond: 24,
    }),
  });
  const deps = depsWith([provider]);
  await advance(deps, job.id);
  assert.deepEqual(await advance(deps, job.id), { status: "succeeded", next: null });
  const done = await getJob(db, job.id);
  assert.equal(done?.status, "succeeded");
  assert.equal(done?.videoKey, job.id);
  assert.equal(done?.seed, 99);
  assert.ok(done?.videoExpiresAt && done.videoExpiresAt.getTime() > Date.now());
  assert.equal(await storedBytes(job.id), clip.length, "the downloaded video is in the store");
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "succeeded", null]]);
});

test("the real local renderer takes a job from queued to a stored video", async () => {
  const job = await queuedJob(db, payer(), { ...SPEC, durationSeconds: 2 });
  const local = createLocalProvider({
    workDir: path.join(opened.dir, "renders"),
    minLatencyMs: 0,
    faultRate: 0,
  });
  const deps = depsWith([local]);
  let result = await advance(deps, job.id);
  for (let i = 0; i < 200 && result.next; i++) {
    await new Promise((r) => setTimeout(r, 50));
    result = await advance(deps, job.id);
  }
  assert.equal(result.status, "succeeded");
  assert.ok((await storedBytes(job.id)) > 1_000, "an MP4 was stored");
});

test("a submission interrupted by a crash is written off and submitted again", async () => {
  const job = await generatingJob();
  const { provider } = scripted("local", {
    submit: () => new Promise(() => {}), // the process "dies" here: the call never returns
  });
  void advance(depsWith([provider]), job.id);
  for (let i = 0; i < 100 && (await attemptsOf(job.id)).length === 0; i++)
    await new Promise((r) => setTimeout(r, 10));

  const restarted = scripted("local");
  const deps = depsWith([restarted.provider]);
  const result = await advance(deps, job.id);
  assert.ok(soon(result.next, 0), "the job is stepped again at once");
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "failed", "interrupted"]]);
  await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [
    [1, "local", "failed", "interrupted"],
    [2, "local", "running", null],
  ]);
});

test("an attempt on an upstream no longer configured fails over to the configured one", async () => {
  const job = await generatingJob();
  await advance(depsWith([scripted("ark").provider]), job.id);
  const fal = scripted("fal");
  const deps = depsWith([fal.provider]);
  await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [[1, "ark", "failed", "provider_unavailable"]]);
  await advance(deps, job.id);
  assert.equal((await attemptsOf(job.id))[1]?.[1], "fal");
  assert.equal(fal.calls.submitted.length, 1);
});

test("a task the upstream has lost (real renderer, its work folder gone) is retried", async () => {
  const job = await generatingJob({ ...SPEC, durationSeconds: 2 });
  const workDir = path.join(opened.dir, "lost-renders");
  const local = createLocalProvider({ workDir, minLatencyMs: 600_000, faultRate: 0 });
  const deps = depsWith([local]);
  await advance(deps, job.id);
  const [attempt] = await listAttempts(db, job.id);
  if (attempt?.taskId) await local.cancel(attempt.taskId);
  await rm(workDir, { recursive: true, force: true });
  await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "failed", "upstream_task_lost"]]);
  await advance(deps, job.id);
  assert.equal((await attemptsOf(job.id))[1]?.[2], "running", "a second attempt runs");
  const [, second] = await listAttempts(db, job.id);
  if (second?.taskId) await local.cancel(second.taskId);
});

test("an attempt past its deadline is cancelled upstream and written off", async () => {
  const job = await generatingJob();
  const { provider, calls } = scripted("local");
  await advance(depsWith([provider]), job.id);
  await new Promise((r) => setTimeout(r, 5));
  const result = await advance(depsWith([provider], { attemptDeadlineMs: 1 }), job.id);
  assert.ok(soon(result.next, 0));
  assert.deepEqual(calls.cancelled, ["local-1"]);
  assert.equal(calls.polled, 0, "a task past its deadline is not polled");
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "failed", "upstream_timeout"]]);
});

test("a failed task fails over to the next provider in order", async () => {
  const job = await generatingJob();
  const ark = scripted("ark", {
    poll: async () => ({ state: "failed", error: failure("upstream_failed") }),
  });
  const fal = scripted("fal");
  const deps = depsWith([ark.provider, fal.provider]);
  await advance(deps, job.id); // submit on ark
  await advance(deps, job.id); // ark's task failed
  await advance(deps, job.id); // submit on fal
  assert.deepEqual(await attemptsOf(job.id), [
    [1, "ark", "failed", "upstream_failed"],
    [2, "fal", "running", null],
  ]);
  assert.deepEqual([ark.calls.submitted.length, fal.calls.submitted.length], [1, 1]);
});

test("a submission the upstream refuses fails the attempt; one it is too busy for waits for its Retry-After", async () => {
  const refused = await generatingJob();
  const rejecting = scripted("local", {
    submit: async () => {
      throw new ProviderFailure(failure("upstream_error"));
    },
  });
  const result = await advance(depsWith([rejecting.provider]), refused.id);
  assert.equal(result.status, "generating");
  assert.ok(soon(result.next, 0));
  assert.deepEqual(await attemptsOf(refused.id), [[1, "local", "failed", "upstream_error"]]);

  const waiting = await generatingJob();
  const busy = scripted("local", {
    submit: async () => {
      throw new ProviderFailure({ ...failure("upstream_busy"), retryAfterMs: 7_000 });
    },
  });
  await advance(depsWith([busy.provider]), waiting.id);
  const next = await advance(depsWith([busy.provider]), waiting.id);
  assert.ok(next.next && next.next.getTime() - Date.now() > 6_000, "nothing before Retry-After");
  assert.deepEqual(await attemptsOf(waiting.id), [[1, "local", "failed", "upstream_busy"]]);
  assert.equal(busy.calls.submitted.length, 0);
});

test("a busy provider is skipped for the next one; its refusal uses none of the job's tries", async () => {
  const job = await generatingJob();
  const ark = scripted("ark", {
    submit: async () => {
      throw new ProviderFailure({ ...failure("upstream_busy"), retryAfterMs: 60_000 });
    },
  });
  const fal = scripted("fal");
  const deps = depsWith([ark.provider, fal.provider], { maxAttempts: 1 });
  await advance(deps, job.id);
  await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [
    [1, "ark", "failed", "upstream_busy"],
    [2, "fal", "running", null],
  ]);
});

test("an account or model refusal marks the provider down and the job fails over, charged once", async () => {
  const job = await generatingJob();
  await settledPayment(job);
  const ark = scripted("ark", {
    submit: async () => {
      throw new ProviderFailure({
        code: "upstream_account",
        message: "The upstream refused our account or model (HTTP 404 ModelNotOpen).",
        retryable: true,
        fault: "account",
      });
    },
  });
  const fal = scripted("fal", {
    poll: async () => ({ state: "succeeded", videoUrl: "x", seed: 1, framesPerSecond: 24 }),
  });
  const deps = depsWith([ark.provider, fal.provider], { maxAttempts: 1 });
  let result = await advance(deps, job.id);
  for (let i = 0; i < 10 && result.next; i++) result = await advance(deps, job.id);
  assert.equal(result.status, "succeeded");
  assert.deepEqual(await attemptsOf(job.id), [
    [1, "ark", "failed", "upstream_account"],
    [2, "fal", "succeeded", null],
  ]);
  assert.equal(await refundForJob(db, job.id), undefined, "paid once, delivered, nothing owed");
  const [ark402] = (await providerReliability(db)).filter((p) => p.provider === "ark");
  assert.equal(ark402?.state, "down");
  assert.match(ark402?.down_reason ?? "", /ModelNotOpen/);

  // The next job goes to fal first; ark is only a last resort while down.
  const second = await generatingJob();
  await advance(deps, second.id);
  assert.deepEqual((await attemptsOf(second.id))[0]?.slice(0, 2), [1, "fal"]);
});

test("a job fails only once every provider refused it; each is asked once", async () => {
  const job = await generatingJob();
  const refusing = (name: ProviderName, fault: "account" | "request") =>
    scripted(name, {
      submit: async () => {
        throw new ProviderFailure({ ...failure(`refused_${fault}`), fault });
      },
    });
  const ark = refusing("ark", "account");
  const fal = refusing("fal", "request");
  const deps = depsWith([ark.provider, fal.provider]);
  let result = await advance(deps, job.id);
  for (let i = 0; i < 10 && result.next; i++) result = await advance(deps, job.id);
  assert.deepEqual(result, { status: "failed", next: null });
  assert.deepEqual(await attemptsOf(job.id), [
    [1, "ark", "failed", "refused_account"],
    [2, "fal", "failed", "refused_request"],
  ]);
});

test("a submit whose answer was lost is looked up before anything is submitted again", async () => {
  const found = await generatingJob();
  let submits = 0;
  const lost = scripted("ark", {
    submit: async () => {
      submits++;
      throw new ProviderFailure({ ...failure("upstream_timeout"), outcomeUnknown: true });
    },
    find: async () => ({ taskId: "ark-found" }),
  });
  await advance(depsWith([lost.provider]), found.id);
  assert.deepEqual(await attemptsOf(found.id), [[1, "ark", "submitting", null]]);
  await advance(depsWith([lost.provider]), found.id);
  assert.equal(submits, 1, "never submitted twice");
  const [attempt] = await listAttempts(db, found.id);
  assert.deepEqual([attempt?.status, attempt?.taskId], ["running", "ark-found"]);

  // The upstream cannot tell: the step is repeated later, nothing is submitted.
  const unsure = await generatingJob();
  const blind = scripted("ark", {
    submit: async () => {
      throw new ProviderFailure({ ...failure("upstream_timeout"), outcomeUnknown: true });
    },
    find: async () => {
      throw new ProviderFailure(failure("upstream_lookup_failed"));
    },
  });
  await advance(depsWith([blind.provider]), unsure.id);
  const again = await advance(depsWith([blind.provider]), unsure.id);
  assert.ok(again.next && again.next.getTime() >= Date.now());
  assert.deepEqual(await attemptsOf(unsure.id), [[1, "ark", "submitting", null]]);

  // The upstream says there is none: the attempt is written off and the next one starts.
  const none = await generatingJob();
  const clean = scripted("ark", {
    submit: async () => {
      throw new TypeError("fetch failed");
    },
  });
  await advance(depsWith([clean.provider]), none.id);
  await advance(depsWith([clean.provider]), none.id);
  assert.deepEqual(await attemptsOf(none.id), [[1, "ark", "failed", "interrupted"]]);
  assert.equal(clean.calls.looked, 1);
});

test("past its deadline a task the upstream will not cancel is waited for, never paid for twice", async () => {
  const job = await generatingJob();
  let finished = false;
  const ark = scripted("ark", {
    cancel: () => "running",
    poll: async () =>
      finished
        ? { state: "succeeded", videoUrl: "x", seed: 1, framesPerSecond: 24 }
        : { state: "running" },
  });
  const fal = scripted("fal");
  const deps = depsWith([ark.provider, fal.provider], { attemptDeadlineMs: 1 });
  await advance(deps, job.id);
  await new Promise((r) => setTimeout(r, 5));
  await advance(deps, job.id);
  await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [[1, "ark", "running", null]]);
  assert.equal(fal.calls.submitted.length, 0, "no second upstream while the first renders");
  finished = true;
  let result = await advance(deps, job.id);
  for (let i = 0; i < 5 && result.next; i++) result = await advance(deps, job.id);
  assert.equal(result.status, "succeeded", "the late video is the job's");
});

test("a task that outlives its execution limit is left to the upkeep, which settles it", async () => {
  const job = await generatingJob();
  let rendering = true;
  const ark = scripted("ark", {
    cancel: () => (rendering ? "running" : "stopped"),
    poll: async () =>
      rendering ? { state: "running" } : { state: "failed", error: failure("upstream_failed") },
  });
  const deps = depsWith([ark.provider], { attemptDeadlineMs: 1 });
  await advance(deps, job.id);
  const [attempt] = await listAttempts(db, job.id);
  // Backdated past the deadline and the grace after it.
  await db
    .update(attempts)
    .set({ startedAt: new Date(Date.now() - 120_000) })
    .where(eq(attempts.jobId, job.id));
  await advance(deps, job.id);
  const [ended] = await listAttempts(db, job.id);
  assert.deepEqual([ended?.status, ended?.error?.code], ["failed", "upstream_timeout"]);
  assert.ok(ended?.orphanedAt, "marked for the upkeep");
  assert.equal(await followUpOrphanTasks(db, [ark.provider]), 0, "still rendering: asked again");
  rendering = false;
  assert.equal(await followUpOrphanTasks(db, [ark.provider]), 1);
  const [settled] = await listAttempts(db, job.id);
  assert.ok(settled?.orphanSettledAt);
  assert.equal(attempt?.id, settled?.id);
});

test("a transient status look-up error keeps the attempt; a broken video ends it", async () => {
  const job = await generatingJob();
  let answer: ProviderError = failure("upstream_unreachable");
  const { provider } = scripted("local", {
    poll: async () => {
      throw new ProviderFailure(answer);
    },
  });
  const deps = depsWith([provider]);
  await advance(deps, job.id);
  const waiting = await advance(deps, job.id);
  assert.ok(waiting.next && waiting.next.getTime() > Date.now(), "polled again after the interval");
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "running", null]]);

  answer = failure("broken_video");
  await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "failed", "broken_video"]]);
});

test("a status look-up that fails with no upstream answer is thrown to the engine", async () => {
  const job = await generatingJob();
  const { provider } = scripted("local", {
    poll: async () => {
      throw new RangeError("a bug, not an upstream answer");
    },
  });
  const deps = depsWith([provider]);
  await advance(deps, job.id);
  await assert.rejects(advance(deps, job.id), RangeError);
  assert.deepEqual(await attemptsOf(job.id), [[1, "local", "running", null]], "nothing changed");
});

test("retries exhausted: the paid job fails and its refund is queued", async () => {
  const job = await generatingJob();
  await settledPayment(job);
  const { provider } = scripted("local", {
    poll: async () => ({ state: "failed", error: failure("upstream_failed") }),
  });
  const deps = depsWith([provider], { maxAttempts: 2 });
  let result = await advance(deps, job.id);
  for (let i = 0; i < 10 && result.next; i++) result = await advance(deps, job.id);
  assert.deepEqual(result, { status: "failed", next: null });
  const failed = await getJob(db, job.id);
  assert.equal(failed?.error?.code, "upstream_failed");
  assert.match(failed?.error?.message ?? "", /after 2 attempts/);
  assert.ok(failed?.finishedAt);
  assert.deepEqual(await attemptsOf(job.id), [
    [1, "local", "failed", "upstream_failed"],
    [2, "local", "failed", "upstream_failed"],
  ]);
  const refund = await refundForJob(db, job.id);
  assert.deepEqual([refund?.status, refund?.amountAtomic], ["pending", job.amountAtomic]);
});

test("an error the upstream says is final fails the job at once, without more attempts", async () => {
  const job = await generatingJob();
  const { provider, calls } = scripted("local", {
    poll: async () => ({ state: "failed", error: failure("content_rejected_upstream", false) }),
  });
  const deps = depsWith([provider]);
  await advance(deps, job.id);
  await advance(deps, job.id);
  assert.deepEqual(await advance(deps, job.id), { status: "failed", next: null });
  assert.equal(calls.submitted.length, 1);
  const failed = await getJob(db, job.id);
  assert.equal(failed?.error?.code, "content_rejected_upstream");
  assert.equal(failed?.error?.retryable, false);
  assert.equal(await refundForJob(db, job.id), undefined, "no settled payment, no refund");
});

test("with no upstream configured the job fails with nothing attempted", async () => {
  const job = await generatingJob();
  assert.deepEqual(await advance(depsWith([]), job.id), { status: "failed", next: null });
  const failed = await getJob(db, job.id);
  assert.equal(failed?.error?.code, "generation_failed");
  assert.match(failed?.error?.message ?? "", /after 0 attempts: no upstream is available/);
});
