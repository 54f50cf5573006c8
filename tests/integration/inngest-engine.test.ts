import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { Inngest } from "inngest";
import { advance, type AdvanceDeps } from "@/lib/jobs/advance";
import { getJob } from "@/lib/jobs/repository";
import { createLocalProvider } from "@/lib/jobs/providers/local-renderer";
import { createLocalStore } from "@/lib/media/storage/local-store";
import { createGenerateVideoFunction, JOB_QUEUED } from "@/lib/server/workflow/inngest-functions";
import { POLLING_ONLY, queuedJob, tempDb } from "../helpers/jobs";

let db: Awaited<ReturnType<typeof tempDb>>;
let deps: AdvanceDeps;

before(async () => {
  db = await tempDb();
  deps = {
    db: db.db,
    providers: [
      createLocalProvider({ workDir: path.join(db.dir, "renders"), minLatencyMs: 0, faultRate: 0 }),
    ],
    store: createLocalStore({ dir: path.join(db.dir, "videos"), secret: "s".repeat(32) }),
    activeJobsPerWallet: 5,
    maxAttempts: 3,
    attemptDeadlineMs: 60_000,
    pollIntervalMs: 200,
    videoTtlMs: 86_400_000,
    ...POLLING_ONLY,
  };
});
after(async () => {
  await db?.close();
});

test("the Inngest function drives a queued job to succeeded through advance() steps", {
  timeout: 120_000,
}, async () => {
  const job = await queuedJob(db.db, "0xaaaa000000000000000000000000000000000001");
  const client = new Inngest({ id: "reel402-test", isDev: true });
  const fn = createGenerateVideoFunction(
    client,
    { walletLimit: 5, generation: deps },
    async (id) => {
      const r = await advance(deps, id);
      return { status: r.status, next: r.next?.toISOString() ?? null };
    },
  );
  // The waits for a callback time out after a short pause, so the run does not wait out real
  // time between polls; each is played once per step id, as Inngest memoizes it across replays.
  // (Step mocks cannot play them: @inngest/test 1.0.0 hands inngest 4 an unresolved promise.)
  const waits = new Map<string, Promise<null>>();
  const engine = new InngestTestEngine({
    function: fn,
    events: [JOB_QUEUED.create({ jobId: job.id, payer: job.payer }) as never],
    transformCtx: (ctx) => {
      const mocked = mockCtx(ctx) as typeof ctx;
      const waitForEvent = (id: string) => {
        const wait = waits.get(id) ?? new Promise<null>((r) => setTimeout(() => r(null), 200));
        waits.set(id, wait);
        return wait;
      };
      return { ...mocked, step: { ...mocked.step, waitForEvent } } as typeof ctx;
    },
  });
  const { result, error } = await engine.execute();
  assert.equal(error, undefined);
  assert.equal((result as { status: string }).status, "succeeded");
  const done = await getJob(db.db, job.id);
  assert.equal(done?.status, "succeeded");
  assert.equal(done?.attempts, 1);
  assert.ok(existsSync(path.join(db.dir, "videos", `${job.id}.mp4`)));
});

test("the function keys concurrency on the payer wallet with the configured limit", () => {
  const client = new Inngest({ id: "reel402-test", isDev: true });
  const fn = createGenerateVideoFunction(client, {
    walletLimit: 5,
    generation: { maxAttempts: 3, attemptDeadlineMs: 900_000 },
  });
  const opts = fn.opts as unknown as {
    concurrency: unknown;
    triggers: { event: { name: string } | string }[];
    idempotency: string;
  };
  assert.deepEqual(opts.concurrency, [{ key: "event.data.payer", limit: 5 }]);
  assert.equal(opts.idempotency, "event.data.jobId");
  const [trigger] = opts.triggers;
  assert.equal(
    typeof trigger?.event === "string" ? trigger.event : trigger?.event.name,
    "reel402/job.queued",
  );
});
