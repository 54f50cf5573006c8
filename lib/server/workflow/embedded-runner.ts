import { randomUUID } from "node:crypto";
import { advance, type AdvanceDeps, claimDueJobs, releaseLease, renewLease } from "@/lib/jobs";
import { describeError } from "@/lib/platform";

export type RunnerOptions = {
  concurrency: number;
  scanIntervalMs: number;
  leaseMs: number;
  errorBackoffMs: number;
};

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  concurrency: 16,
  scanIntervalMs: 200,
  leaseMs: 15_000,
  errorBackoffMs: 2_000,
};

/**
 * The in-process engine of the default set-up: claims due jobs from the database and drives them
 * with advance(). Holds no job state of its own, so any number of processes can run one.
 */
export function startEmbeddedRunner(
  deps: AdvanceDeps,
  options: RunnerOptions = DEFAULT_RUNNER_OPTIONS,
) {
  const owner = `runner-${randomUUID()}`;
  const inFlight = new Set<string>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;

  const work = async (id: string) => {
    const heartbeat = setInterval(
      () => void renewLease(deps.db, id, owner, options.leaseMs).catch(() => undefined),
      options.leaseMs / 3,
    );
    let next: Date | null = new Date(Date.now() + options.errorBackoffMs);
    try {
      next = (await advance(deps, id)).next;
    } catch (error) {
      console.error(
        `[reel402] job ${id}: step failed, retrying in ${options.errorBackoffMs} ms: ${describeError(error)}`,
      );
    } finally {
      clearInterval(heartbeat);
      inFlight.delete(id);
      await releaseLease(deps.db, id, owner, next).catch((e: unknown) =>
        console.error(`[reel402] lease release failed: ${describeError(e)}`),
      );
      if (next && next.getTime() <= Date.now()) wake();
    }
  };

  const loop = async () => {
    while (!stopped) {
      try {
        const ids = await claimDueJobs(
          deps.db,
          owner,
          options.concurrency - inFlight.size,
          options.leaseMs,
        );
        for (const id of ids) {
          inFlight.add(id);
          void work(id);
        }
      } catch (error) {
        console.error(`[reel402] runner scan failed: ${describeError(error)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.scanIntervalMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  };

  function wake() {
    wakeUp?.();
  }

  const done = loop();
  return {
    owner,
    wake,
    inFlight: () => inFlight.size,
    stop: async () => {
      stopped = true;
      wake();
      await done;
    },
  };
}
