import { describeError } from "@/lib/errors/describe-error";

/**
 * Tells the job engine a job is ready. Engines register themselves at start-up; with none
 * registered (e.g. a process that only answers HTTP) the job is still found by the engine's scan.
 */
export type WakeTarget = { id: string; payer: string };
type Waker = (job: WakeTarget) => Promise<void> | void;

const holder = globalThis as unknown as { __reel402Waker?: Waker };

export function registerWaker(waker: Waker): void {
  holder.__reel402Waker = waker;
}

export async function wakeWorkflow(job: WakeTarget): Promise<void> {
  try {
    await holder.__reel402Waker?.(job);
  } catch (error) {
    // A missed wake-up only delays the job until the engine's next scan.
    console.error(`[reel402] could not wake the engine for job ${job.id}: ${describeError(error)}`);
  }
}
