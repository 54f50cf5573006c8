import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { after, before, test } from "node:test";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { Inngest } from "inngest";
import type { Db } from "@/lib/platform/db/client";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import { listAttempts } from "@/lib/jobs/attempt-repository";
import { callbackUrl } from "@/lib/jobs/providers/attempt-identity";
import type { ProviderName, VideoProvider } from "@/lib/jobs/providers/types";
import { getJob, type JobRow } from "@/lib/jobs/repository";
import { acceptUpstreamCallback } from "@/lib/jobs/upstream-callback";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { refundIfOwed } from "@/lib/money/refunds/refund-policy";
import { refundForJob } from "@/lib/money/refunds/repository";
import {
  createGenerateVideoFunction,
  JOB_QUEUED,
  MAX_STEPS,
  runBudgetMs,
  UPSTREAM_CALLBACK,
} from "@/lib/server/workflow/inngest-functions";
import { patternClip } from "../helpers/clips";
import { openTestDatabase } from "../helpers/database";
import { payerSequence, queuedJob, settledPaymentFor } from "../helpers/jobs";

/**
 * The real generate-video function, run by Inngest's test engine against a real Postgres
 * database. The engine's waits are played by an in-test event bus: a wait ends with the first
 * `reel402/upstream.callback` event sent for its job, or with its timeout, which here passes at once.
 */

let db: Db;
let close: () => Promise<void>;
let clip: Buffer;
const dir = mkdtempSync(path.join(tmpdir(), "reel402-inngest-"));
const payer = payerSequence(0x4a00);
const SECRET = "c".repeat(32);
const SIGNING_KEY = "upstream-signing-key";

before(async () => {
  ({ db, close } = await openTestDatabase());
  clip = await patternClip("testsrc2", 1, "320x180");
});
after(() => close?.());

/** An upstream whose tasks finish only when the test says, and which signs its callbacks. */
function upstream(name: ProviderName) {
  const finished = new Set<string>();
  const submitted: string[] = [];
  const provider: VideoProvider = {
    name,
    honoursCameraFixed: true,
    executionLimitSeconds: (seconds: number) => seconds,
    async submit() {
      const taskId = `${name}-task-${submitted.length + 1}`;
      submitted.push(taskId);
      return { taskId };
    },
    async findSubmitted() {
      return null;
    },
    async poll(taskId) {
      return finished.has(taskId)
        ? {
            state: "succeeded",
            videoUrl: `https://upstream.test/${taskId}.mp4`,
            seed: 1,
            framesPerSecond: 24,
          }
        : { state: "running" };
    },
    async download() {
      return { body: Readable.from([clip]), contentType: "video/mp4", size: clip.length };
    },
    async cancel() {
      return "stopped";
    },
    async readCallback({ headers, body }) {
      const mac = createHmac("sha256", SIGNING_KEY).update(body).digest("hex");
      if (headers.get("x-signature") !== mac) return null;
      const { task_id } = JSON.parse(body) as { task_id: string };
      return { taskId: task_id };
    },
  };
  return { provider, finished, submitted };
}

function depsFor(provider: VideoProvider, attemptDeadlineMs: number) {
  const finishedJobs: JobRow[] = [];
  const deps: AdvanceDeps = {
    db,
    providers: [provider],
    store: createLocalStore({ dir: path.join(dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 5,
    maxAttempts: 3,
    attemptDeadlineMs,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    screening: { screen: async () => ({ verdict: "pass", frames: 1, ms: 1 }) },
    endUserOf: () => "p-test",
    callbackUrlOf: (name, attemptId) =>
      callbackUrl("https://reel402.test", SECRET, name, attemptId),
    onFinished: async (tx, job) => {
      finishedJobs.push(job);
      await refundIfOwed(tx, job, "generation failed after every attempt", true);
    },
  };
  return { deps, finishedJobs };
}

/** Inngest's event bus as the waits see it: events sent, and the waits each one ends. */
function eventBus() {
  const waiting = new Map<string, (event: unknown) => void>();
  const sent: { name: string; data: { jobId: string } }[] = [];
  return {
    sent,
    send(jobId: string) {
      const event = UPSTREAM_CALLBACK.create({ jobId });
      sent.push(event as { name: string; data: { jobId: string } });
      waiting.get(jobId)?.(event);
    },
    /** A wait that the next event for `jobId` ends, else `timedOut` decides when it gives up. */
    wait(jobId: string, timedOut: Promise<void>) {
      return new Promise<unknown>((resolve) => {
        const done = (value: unknown) => {
          waiting.delete(jobId);
          resolve(value);
        };
        waiting.set(jobId, done);
        void timedOut.then(() => done(null));
      });
    },
  };
}

type WaitOptions = { event: { name: string } | string; match?: string; timeout: number };

/**
 * The run under Inngest's test engine. Its waits are played here rather than by the engine's step
 * mocks: @inngest/test 1.0.0 hands inngest 4's waitForEvent the mock's pending promise, which the
 * SDK then rejects as an event without a name. Each wait is played once per step id, as Inngest
 * memoizes it across the replays of the run.
 */
function engineFor(
  deps: AdvanceDeps,
  job: JobRow,
  waitStep: (round: number) => Promise<unknown>,
  advanced: { steps: number },
) {
  const client = new Inngest({ id: "reel402-test", isDev: true });
  const fn = createGenerateVideoFunction(
    client,
    { walletLimit: 5, generation: deps },
    async (id) => {
      advanced.steps++;
      const r = await advance(deps, id);
      return { status: r.status, next: r.next?.toISOString() ?? null };
    },
  );
  const waits = new Map<string, Promise<unknown>>();
  const asked: [string, WaitOptions][] = [];
  const engine = new InngestTestEngine({
    function: fn,
    events: [JOB_QUEUED.create({ jobId: job.id, payer: job.payer }) as never],
    transformCtx: (ctx) => {
      const mocked = mockCtx(ctx) as typeof ctx;
      const waitForEvent = (id: string, options: WaitOptions) => {
        let wait = waits.get(id);
        if (!wait) {
          asked.push([id, options]);
          wait = waitStep(Number(id.replace("wait-", "")));
          waits.set(id, wait);
        }
        return wait;
      };
      return { ...mocked, step: { ...mocked.step, waitForEvent } } as typeof ctx;
    },
  });
  return { engine, asked };
}

const tokenOf = (url: string) => new URL(url).pathname.split("/").at(-1) as string;

const settle = (job: JobRow) => settledPaymentFor(db, job);

test("a job whose upstream never finishes fails after three attempts to their deadlines, refunded, within the step bound", {
  timeout: 120_000,
}, async () => {
  const { provider, submitted } = upstream("ark");
  const { deps, finishedJobs } = depsFor(provider, 300);
  const job = await queuedJob(db, payer());
  await settle(job);
  const advanced = { steps: 0 };
  // Each wait times out after a short real pause, so the attempts' deadlines pass.
  const { engine, asked } = engineFor(
    deps,
    job,
    () => new Promise((resolve) => setTimeout(() => resolve(null), 40)),
    advanced,
  );
  const { result, error } = await engine.execute();

  assert.equal(error, undefined);
  assert.deepEqual(result, { status: "failed", next: null });
  const done = await getJob(db, job.id);
  assert.equal(done?.status, "failed");
  assert.equal(done?.error?.code, "upstream_timeout");
  assert.deepEqual(
    (await listAttempts(db, job.id)).map((a) => [a.number, a.status, a.error?.code]),
    [
      [1, "failed", "upstream_timeout"],
      [2, "failed", "upstream_timeout"],
      [3, "failed", "upstream_timeout"],
    ],
  );
  assert.equal(submitted.length, 3);
  assert.deepEqual(
    finishedJobs.map((j) => [j.id, j.status]),
    [[job.id, "failed"]],
  );
  const refund = await refundForJob(db, job.id);
  assert.deepEqual([refund?.status, refund?.amountAtomic], ["pending", job.amountAtomic]);
  // Every step the run took (advances and waits) fits Inngest's per-run limit.
  assert.ok(asked.length > 0);
  assert.ok(advanced.steps + asked.length <= MAX_STEPS);
  assert.ok(MAX_STEPS <= 1000);
});

test("a callback ends the run's wait at once and the next advance finds the finished task", {
  timeout: 120_000,
}, async () => {
  const { provider, finished, submitted } = upstream("fal");
  // Deadlines far off: only the callback can end the job's wait for the task.
  const { deps } = depsFor(provider, 3_600_000);
  const job = await queuedJob(db, payer());
  const bus = eventBus();
  const advanced = { steps: 0 };
  const neverTimesOut = new Promise<void>(() => {});
  const waitedIn: number[] = [];
  const callbackDeps = {
    db,
    secret: SECRET,
    providers: [provider],
    wake: async (id: string) => bus.send(id),
  };
  const { engine, asked } = engineFor(
    deps,
    job,
    async (round) => {
      // Before the task exists a wait just times out; once it runs, only a callback ends it.
      if (submitted.length === 0) return null;
      waitedIn.push(round);
      const waited = bus.wait(job.id, neverTimesOut);
      // The upstream finishes the task and calls back while the run waits.
      const [attempt] = await listAttempts(db, job.id);
      assert.ok(attempt?.taskId);
      finished.add(attempt.taskId);
      const body = JSON.stringify({ task_id: attempt.taskId, status: "OK" });
      const outcome = await acceptUpstreamCallback(callbackDeps, {
        provider: "fal",
        attemptId: attempt.id,
        token: tokenOf(callbackUrl("https://reel402.test", SECRET, "fal", attempt.id)),
        headers: new Headers({
          "x-signature": createHmac("sha256", SIGNING_KEY).update(body).digest("hex"),
        }),
        body,
      });
      assert.equal(outcome, "accepted");
      return waited;
    },
    advanced,
  );
  const { result, error } = await engine.execute();

  assert.equal(error, undefined);
  assert.deepEqual(result, { status: "succeeded", next: null });
  assert.equal((await getJob(db, job.id))?.status, "succeeded");
  assert.deepEqual(
    bus.sent.map((e) => [e.name, e.data.jobId]),
    [["reel402/upstream.callback", job.id]],
  );
  assert.equal(waitedIn.length, 1, "one wait, ended by the callback");
  // The wait matched the callback event to the run's own job, with a timeout as a poll's.
  const [, options] = asked.at(-1) ?? [];
  const event = options?.event;
  assert.equal(typeof event === "string" ? event : event?.name, "reel402/upstream.callback");
  assert.equal(options?.match, "data.jobId");
  assert.ok((options?.timeout ?? 0) >= 5_000);
  assert.ok(runBudgetMs(deps) > 3 * deps.attemptDeadlineMs);
});
