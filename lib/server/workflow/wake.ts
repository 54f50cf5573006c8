import { describeError } from "@/lib/platform";

/**
 * Tells the job engine a job is ready. The engine registers itself at start-up; with none
 * registered (e.g. a process that only answers HTTP) the job is still found by the engine's scan.
 */
export type WakeTarget = { id: string; payer: string };
type Waker = (job: WakeTarget) => Promise<void> | void;
/** An upstream reported on one of the job's tasks: the engine looks at it now, not at its next poll. */
type CallbackWaker = (jobId: string) => Promise<void> | void;

export type EngineWaker = {
  register: (waker: Waker, onCallback?: CallbackWaker) => void;
  /** Never throws: a missed wake-up only delays the job until the engine's next scan. */
  wake: (job: WakeTarget) => Promise<void>;
  /** Never throws: a missed wake-up only delays the job until its next poll. */
  wakeForCallback: (jobId: string) => Promise<void>;
};

/** One per process (the composition root's): the routes wake the engine the start-up hook began. */
export function createEngineWaker(): EngineWaker {
  let registered: Waker | undefined;
  let onCallback: CallbackWaker | undefined;
  const guarded = async (jobId: string, call: () => Promise<void> | void) => {
    try {
      await call();
    } catch (error) {
      console.error(
        `[reel402] could not wake the engine for job ${jobId}: ${describeError(error)}`,
      );
    }
  };
  return {
    register(waker, callbackWaker) {
      registered = waker;
      onCallback = callbackWaker;
    },
    wake: (job) => guarded(job.id, () => registered?.(job)),
    wakeForCallback: (jobId) => guarded(jobId, () => onCallback?.(jobId)),
  };
}
