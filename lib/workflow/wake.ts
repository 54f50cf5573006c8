/**
 * Tells the job engine a job is ready. Engines register themselves at start-up; with none
 * registered (e.g. a process that only answers HTTP) the job is still found by the engine's scan.
 */
type Waker = (jobId: string) => Promise<void> | void;

const holder = globalThis as unknown as { __reel402Waker?: Waker };

export function registerWaker(waker: Waker): void {
  holder.__reel402Waker = waker;
}

export async function wakeWorkflow(jobId: string): Promise<void> {
  try {
    await holder.__reel402Waker?.(jobId);
  } catch {
    // A missed wake-up only delays the job until the engine's next scan.
  }
}
