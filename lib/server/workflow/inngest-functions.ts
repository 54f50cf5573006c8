import { eventType, Inngest, NonRetriableError } from "inngest";
import { z } from "zod";
import { getEnv } from "@/lib/platform";
import { advance } from "@/lib/jobs";
import { advanceDeps } from "@/lib/server/workflow/start-engine";

/** The production engine: one Inngest function run per job, each step one advance(). */

export const JOB_QUEUED = eventType("reel402/job.queued", {
  schema: z.object({ jobId: z.string().uuid(), payer: z.string() }),
});

/** An upstream called back about one of the job's tasks: a run waiting on the job goes on now. */
export const UPSTREAM_CALLBACK = eventType("reel402/upstream.callback", {
  schema: z.object({ jobId: z.string().uuid() }),
});

// Inngest allows at most 1000 steps in one run (https://www.inngest.com/docs/usage-limits/inngest);
// some are kept spare. A round is an advance step and, unless the job is due at once, a wait.
export const MAX_STEPS = 960;
export const MAX_ROUNDS = MAX_STEPS / 2;
// The waits' floor, and the floor of their spacing when a run has many rounds left.
const MIN_WAIT_MS = 5_000;
// Beyond its attempts' deadlines, a job may wait for its submits, a last poll after each
// deadline, and the output screening's retries (which give up after 10 minutes).
const SLACK_PER_ATTEMPT_MS = 2 * 60_000;
const SLACK_MS = 20 * 60_000;

export type GenerationBounds = {
  maxAttempts: number;
  attemptDeadlineMs: number;
  /** The longest any configured upstream's attempt is waited for (see attemptOutlastMs). */
  attemptOutlastMs?: number;
};

/** How long one run drives a job at most: every attempt to its end fits well inside. */
export function runBudgetMs(bounds: GenerationBounds): number {
  const attemptMs = Math.max(bounds.attemptDeadlineMs, bounds.attemptOutlastMs ?? 0);
  return bounds.maxAttempts * (attemptMs + SLACK_PER_ATTEMPT_MS) + SLACK_MS;
}

/**
 * After round `round`'s advance ran at `at` and asked to look again at `next`: go on now, wait
 * (for a callback, at most `waitMs`), or give up because the run's rounds or time are spent.
 */
export function nextRound(
  round: number,
  at: number,
  next: number,
  endsAt: number,
): "now" | "give-up" | { waitMs: number } {
  const roundsLeft = MAX_ROUNDS - round - 1;
  if (roundsLeft <= 0 || at >= endsAt) return "give-up";
  const due = next - at;
  if (due <= 0) return "now";
  // Rounds are spaced so that those left cover the time left: polls of a slow upstream thin
  // out rather than use the run up, while its callback still ends a wait at once.
  const spacing = (endsAt - at) / roundsLeft;
  return { waitMs: Math.ceil(Math.max(MIN_WAIT_MS, due, spacing)) };
}

/** One advance() as a step records it (JSON: the next look as an ISO time). */
type Step = { status: string; next: string | null };

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
  options: { walletLimit: number; generation: GenerationBounds },
  run: (jobId: string) => Promise<Step> = defaultRun,
) {
  const budgetMs = runBudgetMs(options.generation);
  return client.createFunction(
    {
      id: "generate-video",
      triggers: [JOB_QUEUED],
      // Runs of one wallet share a key, so one payer cannot occupy the whole worker pool.
      concurrency: [{ key: "event.data.payer", limit: options.walletLimit }],
      idempotency: "event.data.jobId",
      retries: 5,
    },
    async ({ event, step }) => {
      const { jobId } = event.data;
      let endsAt: number | undefined;
      for (let round = 0; round < MAX_ROUNDS; round++) {
        // Time is read inside the step only: a replay of the run takes the same turns.
        const result = await step.run(`advance-${round}`, async () => ({
          ...(await run(jobId)),
          at: Date.now(),
        }));
        if (!result.next) return { status: result.status, next: null };
        endsAt ??= result.at + budgetMs;
        const then = nextRound(round, result.at, Date.parse(result.next), endsAt);
        if (then === "give-up") break;
        if (then === "now") continue;
        await step.waitForEvent(`wait-${round}`, {
          event: UPSTREAM_CALLBACK,
          match: "data.jobId",
          timeout: then.waitMs,
        });
      }
      // Every attempt has passed its deadline long ago: advance() should have ended the job.
      throw new NonRetriableError(
        `job ${jobId} was not finished when its run ended (${MAX_ROUNDS} rounds, ${Math.round(budgetMs / 60_000)} minutes)`,
      );
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

async function defaultRun(jobId: string): Promise<Step> {
  const result = await advance(await advanceDeps(), jobId);
  return { status: result.status, next: result.next?.toISOString() ?? null };
}
