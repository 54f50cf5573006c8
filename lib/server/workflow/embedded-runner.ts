import { randomUUID } from "node:crypto";
import {
  advance,
  type AdvanceDeps,
  claimDueJobs,
  type JobRow,
  releaseLease,
  renewLease,
} from "@/lib/jobs";
import { describeError, idleBackoff } from "@/lib/platform";

export type RunnerOptions = {
  concurrency: number;
  scanIntervalMs: number;
  /**
   * The longest wait between scans once they keep finding nothing (doubling from scanIntervalMs
   * after idleGraceMs without work). New work does not wait for it: the routes wake the runner,
   * and a job this runner put off is looked for when it falls due.
   */
  idleScanMs: number;
  idleGraceMs: number;
  leaseMs: number;
  errorBackoffMs: number;
};

export const DEFAULT_RUNNER_OPTIONS: RunnerOptions = {
  concurrency: 16,
  scanIntervalMs: 200,
  idleScanMs: 5_000,
  idleGraceMs: 5_000,
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
  const scans = idleBackoff(options.scanIntervalMs, options.idleScanMs, options.idleGraceMs);
  // When the jobs this runner released fall due: a scan waits no longer than the soonest.
  let dues: number[] = [];

  const work = async (job: JobRow) => {
    const { id } = job;
    const heartbeat = setInterval(
      () => void renewLease(deps.db, id, owner, options.leaseMs).catch(() => undefined),
      options.leaseMs / 3,
    );
    let next: Date | null = new Date(Date.now() + options.errorBackoffMs);
    try {
      next = (await advance(deps, job)).next;
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
      if (next) dues.push(next.getTime());
      // A step may have freed a wallet slot or made its job due now: look at once.
      wake();
    }
  };

  const loop = async () => {
    while (!stopped) {
      let found = inFlight.size > 0;
      try {
        const claimed = await claimDueJobs(
          deps.db,
          owner,
          options.concurrency - inFlight.size,
          options.leaseMs,
        );
        if (claimed.length) found = true;
        for (const job of claimed) {
          inFlight.add(job.id);
          void work(job);
        }
      } catch (error) {
        console.error(`[reel402] runner scan failed: ${describeError(error)}`);
      }
      const now = Date.now();
      dues = dues.filter((due) => due > now);
      const wait = Math.min(scans.after(found), ...dues.map((due) => due - now));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  };

  function wake() {
    scans.reset();
    // Once this turn's callbacks are done: the request that brought the work writes its answer
    // before the scan builds and sends its query.
    setImmediate(() => wakeUp?.());
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
