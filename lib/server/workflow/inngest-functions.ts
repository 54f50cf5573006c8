import { eventType, Inngest } from "inngest";
import { z } from "zod";
import { getEnv } from "@/lib/platform";
import { advance } from "@/lib/jobs";
import { advanceDeps } from "@/lib/server/workflow/start-engine";

/** The production engine: one Inngest function run per job, each step one advance(). */

export const JOB_QUEUED = eventType("reel402/job.queued", {
  schema: z.object({ jobId: z.string().uuid(), payer: z.string() }),
});

// Inngest bounds a run's steps, so polling never happens more often than this.
const MIN_SLEEP_MS = 5_000;
export const MAX_STEPS = 400;

export function createInngestClient() {
  const { inngest } = getEnv();
  return new Inngest({
    id: "reel402",
    eventKey: inngest.eventKey,
    signingKey: inngest.signingKey,
    ...(inngest.dev !== undefined ? { isDev: inngest.dev === "1" || inngest.dev === "true" } : {}),
  });
}

export function createGenerateVideoFunction(
  client: Inngest,
  walletLimit: number,
  run = defaultRun,
) {
  return client.createFunction(
    {
      id: "generate-video",
      triggers: [JOB_QUEUED],
      // Runs of one wallet share a key, so one payer cannot occupy the whole worker pool.
      concurrency: [{ key: "event.data.payer", limit: walletLimit }],
      idempotency: "event.data.jobId",
      retries: 5,
    },
    async ({ event, step }) => {
      for (let i = 0; i < MAX_STEPS; i++) {
        const result = await step.run(`advance-${i}`, () => run(event.data.jobId));
        if (!result.next) return result;
        await step.sleep(`wait-${i}`, Math.max(MIN_SLEEP_MS, Date.parse(result.next) - Date.now()));
      }
      throw new Error(`job ${event.data.jobId} did not settle within ${MAX_STEPS} steps`);
    },
  );
}

/** Settlement reconciliation, refunds and expired videos, every minute, when Inngest is the engine. */
export function createMaintenanceFunction(client: Inngest, run: () => Promise<unknown>) {
  return client.createFunction(
    { id: "maintenance", triggers: [{ cron: "* * * * *" }], concurrency: [{ limit: 1 }] },
    async ({ step }) =>
      step.run("maintain", async () => JSON.parse(JSON.stringify(await run())) as unknown),
  );
}

async function defaultRun(jobId: string) {
  const result = await advance(await advanceDeps(), jobId);
  return { status: result.status, next: result.next?.toISOString() ?? null };
}
