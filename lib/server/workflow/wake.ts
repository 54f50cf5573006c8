import { describeError } from "@/lib/platform";

/**
 * Tells the job engine a job is ready. The engine registers itself at start-up; with none
 * registered (e.g. a process that only answers HTTP) the job is still found by the engine's scan.
 */
export type WakeTarget = { id: string; payer: string };
type Waker = (job: WakeTarget) => Promise<void> | void;

export type EngineWaker = {
  register: (waker: Waker) => void;
  /** Never throws: a missed wake-up only delays the job until the engine's next scan. */
  wake: (job: WakeTarget) => Promise<void>;
};

/** One per process (the composition root's): the routes wake the engine the start-up hook began. */
export function createEngineWaker(): EngineWaker {
  let registered: Waker | undefined;
  return {
    register(waker) {
      registered = waker;
    },
    async wake(job) {
      try {
        await registered?.(job);
      } catch (error) {
        console.error(
          `[reel402] could not wake the engine for job ${job.id}: ${describeError(error)}`,
        );
      }
    },
  };
}
