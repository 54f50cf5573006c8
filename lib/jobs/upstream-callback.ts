import { z } from "zod";
import type { Db } from "@/lib/platform";
import { findAttempt, markAttemptRunning, markOrphaned } from "@/lib/jobs/attempt-repository";
import { makeDueNow } from "@/lib/jobs/repository";
import { callbackTokenValid } from "@/lib/jobs/providers/attempt-identity";
import { PROVIDER_NAMES, type ProviderName, type VideoProvider } from "@/lib/jobs/providers/types";

export type UpstreamCallbackDeps = {
  db: Db;
  /** The secret the callback URLs' tokens were made with (see attempt-identity.ts). */
  secret: string;
  /** The configured upstreams: a callback is read by the adapter of the provider it names. */
  providers: readonly VideoProvider[];
  /** Tells the engine the job is due now; never throws (a missed wake-up waits for the next poll). */
  wake: (jobId: string) => Promise<void>;
};

/** The callback URL's path segments (see callbackUrl); anything else names no attempt. */
export const upstreamCallbackPath = z.object({
  provider: z.enum(PROVIDER_NAMES),
  attemptId: z
    .string()
    .uuid()
    .transform((id) => id.toLowerCase()),
  token: z.string().min(1).max(128),
});

/** An upstream's POST to its callback URL, as the route received it. */
export type UpstreamCallbackInput = {
  provider: ProviderName;
  attemptId: string;
  token: string;
  headers: Headers;
  body: string;
};

/**
 * - accepted: the callback was authentic and named the attempt's task (the engine was woken if
 *   the job still waits for it);
 * - unknown: no such attempt on this provider, a wrong token or a task that is not the attempt's,
 *   told apart from each other to nobody;
 * - unauthenticated: the upstream's own signature check failed.
 */
export type UpstreamCallbackOutcome = "accepted" | "unknown" | "unauthenticated";

/**
 * An upstream reports that an attempt's task changed. The report only wakes the job: the next
 * advance() asks the upstream for the facts, so a callback never moves money or a job's status,
 * and a forged or replayed one can at most make a job look at its upstream early.
 */
export async function acceptUpstreamCallback(
  deps: UpstreamCallbackDeps,
  input: UpstreamCallbackInput,
): Promise<UpstreamCallbackOutcome> {
  // Checked before anything is read, so a guessed URL costs one HMAC and no database work.
  if (!callbackTokenValid(deps.secret, input.provider, input.attemptId, input.token))
    return "unknown";
  const attempt = await findAttempt(deps.db, input.attemptId);
  if (!attempt || attempt.provider !== input.provider) return "unknown";
  const provider = deps.providers.find((p) => p.name === input.provider);
  if (!provider?.readCallback) return "unknown";

  const reported = await provider
    .readCallback({ headers: input.headers, body: input.body })
    .catch((error: unknown) => {
      // The adapter's contract is to answer null; the error's text may quote the payload.
      console.error(
        `[reel402] ${provider.name} callback for attempt ${attempt.id} could not be read (${error instanceof Error ? error.name : typeof error})`,
      );
      return null;
    });
  if (!reported) return "unauthenticated";

  if (attempt.taskId === null) {
    // The submit's answer was lost (or is still on its way): the upstream names the task for us.
    // A `submitting` attempt adopts it and runs (compare-and-set); one already written off as
    // interrupted keeps the id, so the upstream's record maps to an attempt.
    // A task the job no longer waits for is left to the upkeep, which stops or accounts for it.
    if (!(await markAttemptRunning(deps.db, attempt.id, reported.taskId)))
      await markOrphaned(deps.db, attempt.id);
  } else if (attempt.taskId !== reported.taskId) {
    return "unknown";
  }
  if (attempt.status === "submitting" || attempt.status === "running") {
    if (await makeDueNow(deps.db, attempt.jobId)) await deps.wake(attempt.jobId);
  }
  return "accepted";
}
