import assert from "node:assert/strict";
import path from "node:path";
import { after, before, beforeEach, test } from "node:test";
import type { Db } from "@/lib/platform/db/client";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import { listAttempts } from "@/lib/jobs/attempt-repository";
import { providerReliability } from "@/lib/jobs/provider-window-repository";
import { createArkProvider } from "@/lib/jobs/providers/ark-provider";
import { createFalProvider } from "@/lib/jobs/providers/fal-provider";
import type { VideoProvider } from "@/lib/jobs/providers/types";
import { changeStatus } from "@/lib/jobs/repository";
import { providerHealth } from "@/lib/jobs/schema";
import { markProviderDown } from "@/lib/jobs/provider-health-repository";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { type ArkFake, startArkFake } from "../fakes/ark-fake";
import { type FalFake, startFalFake } from "../fakes/fal-fake";
import {
  payerSequence,
  POLLING_ONLY,
  queuedJob,
  SPEC,
  type TempDb,
  tempDbForSuite,
} from "../helpers/jobs";

/**
 * The engine against the real adapters and the upstream fakes, which hold each provider to its
 * documented contract: failover on account refusals, Retry-After, a running Ark task that cannot
 * be cancelled, a submit whose answer was lost.
 */

let opened: TempDb;
let db: Db;
tempDbForSuite((o) => {
  opened = o;
  db = o.db;
});
const payer = payerSequence(0x700);

let arkFake: ArkFake;
let falFake: FalFake;
before(async () => {
  arkFake = await startArkFake({ pollsBeforeDone: 1 });
  falFake = await startFalFake({ pollsBeforeDone: 1 });
});
after(async () => {
  await arkFake.close();
  await falFake.close();
});
beforeEach(async () => {
  arkFake.faults.clear();
  falFake.faults.clear();
  await db.delete(providerHealth);
});

const ark = (): VideoProvider =>
  createArkProvider({
    baseUrl: arkFake.url,
    apiKey: arkFake.apiKey,
    models: { "alpha-2.0": "seedance-2-0-260128", "alpha-2.0-fast": "seedance-2-0-fast-260128" },
    requestTimeoutMs: 2_000,
  });
const fal = (): VideoProvider =>
  createFalProvider({
    queueBaseUrl: falFake.url,
    restBaseUrl: falFake.url,
    jwksUrl: `${falFake.url}/.well-known/jwks.json`,
    apiKey: falFake.apiKey,
    endpoints: {
      "alpha-2.0": "bytedance/seedance-2.0/text-to-video",
      "alpha-2.0-fast": "bytedance/seedance-2.0/fast/text-to-video",
    },
    requestTimeoutMs: 2_000,
  });

function depsWith(over: Partial<AdvanceDeps> = {}): AdvanceDeps {
  return {
    db,
    providers: [ark(), fal()],
    store: createLocalStore({ dir: path.join(opened.dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 5,
    maxAttempts: 3,
    attemptDeadlineMs: 60_000,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    ...POLLING_ONLY,
    ...over,
  };
}

async function generatingJob() {
  const job = await queuedJob(db, payer(), SPEC);
  await changeStatus(db, job.id, "queued", "generating", { startedAt: new Date() });
  return job;
}

/** Steps the job the way the engine would, without waiting out the delays. */
async function run(deps: AdvanceDeps, jobId: string, steps = 20) {
  let result = await advance(deps, jobId);
  for (let i = 0; i < steps && result.next; i++) result = await advance(deps, jobId);
  return result;
}

const attemptsOf = async (jobId: string) =>
  (await listAttempts(db, jobId)).map((a) => [a.provider, a.status, a.error?.code ?? null]);

test("Ark answers ModelNotOpen: Ark is marked down and fal delivers the job", async () => {
  const job = await generatingJob();
  arkFake.faults.enqueue("model_not_open");
  const result = await run(depsWith(), job.id);
  assert.equal(result.status, "succeeded");
  assert.deepEqual(await attemptsOf(job.id), [
    ["ark", "failed", "upstream_account"],
    ["fal", "succeeded", null],
  ]);
  const status = await providerReliability(db);
  assert.equal(status.find((p) => p.provider === "ark")?.state, "down");
  assert.equal(status.find((p) => p.provider === "fal")?.state, "up");
});

test("Ark rate-limits with Retry-After: the attempt goes to fal at once, Ark waits", async () => {
  const job = await generatingJob();
  arkFake.faults.enqueue("submit_429");
  const result = await run(depsWith(), job.id);
  assert.equal(result.status, "succeeded");
  assert.deepEqual(await attemptsOf(job.id), [
    ["ark", "failed", "upstream_busy"],
    ["fal", "succeeded", null],
  ]);
  const [health] = await db.select().from(providerHealth);
  const waitMs = (health?.busyUntil?.getTime() ?? 0) - Date.now();
  assert.ok(waitMs > 5_000 && waitMs <= 7_000, `Ark's Retry-After of 7 s is kept (${waitMs} ms)`);
});

test("past the deadline a running Ark task is waited for, not paid for twice on fal", async () => {
  const job = await generatingJob();
  arkFake.faults.enqueue("task_hang");
  const falBefore = falFake.queue.size;
  await advance(depsWith(), job.id); // submitted to Ark
  await advance(depsWith(), job.id); // Ark has started it: past queued, it can no longer be cancelled
  const deps = depsWith({ attemptDeadlineMs: 1 });
  await new Promise((r) => setTimeout(r, 10));
  for (let i = 0; i < 4; i++) await advance(deps, job.id);
  assert.deepEqual(await attemptsOf(job.id), [["ark", "running", null]]);
  assert.equal(falFake.queue.size, falBefore, "fal was not asked while Ark still renders");
  const deletes = arkFake.requests.filter((r) => r.method === "DELETE");
  assert.equal(deletes.length, 0, "Ark deletes only queued tasks: none is sent for a running one");

  // Ark ends the task at the execution limit it was given; only then does fal get the job.
  arkFake.advanceClock(4 * 3_600_000);
  const result = await run(depsWith(), job.id);
  assert.equal(result.status, "succeeded");
  const [first, second] = await attemptsOf(job.id);
  assert.deepEqual(first?.slice(0, 2), ["ark", "failed"]);
  assert.deepEqual(second, ["fal", "succeeded", null]);
});

test("an Ark submit whose answer was lost is found in Ark's task list, never submitted twice", async () => {
  const job = await generatingJob();
  arkFake.faults.enqueue("submit_lost");
  const before = arkFake.tasks.size;
  const falBefore = falFake.queue.size;
  const result = await run(depsWith(), job.id);
  assert.equal(result.status, "succeeded");
  assert.equal(arkFake.tasks.size, before + 1, "one Ark task for the one attempt");
  assert.deepEqual(await attemptsOf(job.id), [["ark", "succeeded", null]]);
  assert.equal(falFake.queue.size, falBefore);
});

test("a provider marked down whose window has passed is marked up by the task it takes", async () => {
  const long = 24 * 3_600_000;
  await markProviderDown(db, "ark", "upstream_account: expired key", new Date(Date.now() - long));
  const job = await generatingJob();
  assert.equal((await run(depsWith(), job.id)).status, "succeeded");
  assert.deepEqual(await attemptsOf(job.id), [["ark", "succeeded", null]]);
  const [health] = await db.select().from(providerHealth);
  assert.equal(health?.provider, "ark");
  assert.equal(health?.downUntil, null, "the window's mark is cleared");
  assert.equal(health?.downReason, null);
});
