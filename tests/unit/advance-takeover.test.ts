import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { type AdvanceDeps, advance } from "@/lib/jobs/advance";
import { listAttempts } from "@/lib/jobs/attempt-repository";
import { changeStatus } from "@/lib/jobs/repository";
import type { VideoProvider } from "@/lib/jobs/providers/types";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { queuedJob, tempDbPerTest, POLLING_ONLY, SCRIPTED_UPSTREAM } from "../helpers/jobs";

const freshDb = tempDbPerTest();

/**
 * A runner that lost its lease while its submission was on the wire: the runner that took the job
 * over writes the attempt off as interrupted and submits again. The late submission's task must
 * then be cancelled, not left rendering beside the new one (the upstream would generate twice).
 */
test("a submission that returns after its attempt was written off is cancelled upstream", async () => {
  const db = await freshDb();
  const job = await queuedJob(db.db, "0x00000000000000000000000000000000000000aa");
  await changeStatus(db.db, job.id, "queued", "generating", { startedAt: new Date() });
  const submitted: string[] = [];
  const cancelled: string[] = [];
  let deps: AdvanceDeps;
  const provider: VideoProvider = {
    name: "local",
    ...SCRIPTED_UPSTREAM,
    async submit() {
      const taskId = `task-${submitted.length + 1}`;
      submitted.push(taskId);
      // While the first submission is in flight, the other runner's step sees it `submitting`.
      if (submitted.length === 1) await advance(deps, job.id);
      return { taskId };
    },
    async poll() {
      return { state: "running" };
    },
    async download() {
      throw new Error("not reached");
    },
    async cancel(taskId) {
      cancelled.push(taskId);
      return "stopped" as const;
    },
  };
  deps = {
    db: db.db,
    providers: [provider],
    store: createLocalStore({ dir: path.join(db.dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 5,
    maxAttempts: 3,
    attemptDeadlineMs: 60_000,
    pollIntervalMs: 10,
    videoTtlMs: 60_000,
    ...POLLING_ONLY,
  };

  await advance(deps, job.id);
  assert.deepEqual(cancelled, ["task-1"], "the written-off submission is cancelled");
  const first = await listAttempts(db.db, job.id);
  assert.deepEqual(
    first.map((a) => [a.number, a.status, a.taskId, a.error?.code ?? null]),
    [[1, "failed", "task-1", "interrupted"]],
    "the attempt stays failed and keeps its task id",
  );

  // The job goes on with one new submission, which is not cancelled.
  await advance(deps, job.id);
  const all = await listAttempts(db.db, job.id);
  assert.deepEqual(
    all.map((a) => [a.number, a.status, a.taskId]),
    [
      [1, "failed", "task-1"],
      [2, "running", "task-2"],
    ],
  );
  assert.deepEqual(cancelled, ["task-1"]);
});
