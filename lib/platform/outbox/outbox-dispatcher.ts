import type { Db } from "@/lib/platform/db/client";
import { listenChannel } from "@/lib/platform/db/listen-channel";
import { describeError } from "@/lib/platform/errors/describe-error";
import { idleBackoff } from "@/lib/platform/lifecycle/idle-backoff";
import {
  dispatchOutbox,
  type OutboxHandlers,
  pruneDispatched,
} from "@/lib/platform/outbox/dispatch-outbox";
import { OUTBOX_CHANNEL } from "@/lib/platform/outbox/write-outbox";

export type DispatcherOptions = {
  /** Rows a pass claims at most; a full pass is followed by another at once. */
  batch: number;
  /** How often due rows are looked for without a NOTIFY: retries, a dead process's rows, Neon. */
  sweepMs: number;
  /**
   * The sweep's wait once sweeps keep finding nothing (it doubles from `sweepMs` up to this):
   * an idle process need not look each second, and a NOTIFY still wakes it at once.
   */
  idleSweepMs?: number;
  /** How long a dispatched row is kept (for an operator's look) before it is pruned. */
  keepMs: number;
};

export const DEFAULT_DISPATCHER: DispatcherOptions = {
  batch: 100,
  sweepMs: 1_000,
  idleSweepMs: 15_000,
  keepMs: 60 * 60_000,
};

export type OutboxDispatcher = { kick: () => void; stop: () => Promise<void> };

/**
 * Runs the outbox in this process: woken by the NOTIFY each write sends at its commit, and by a
 * sweep. Any number of processes may run one; SKIP LOCKED gives each row to one of them.
 */
export async function startOutboxDispatcher(
  db: Db,
  databaseUrl: string | undefined,
  handlers: OutboxHandlers,
  options: DispatcherOptions = DEFAULT_DISPATCHER,
): Promise<OutboxDispatcher> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastPrune = 0;
  let found = false;
  const sweep = idleBackoff(options.sweepMs, options.idleSweepMs ?? options.sweepMs);
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Without a NOTIFY (Neon's serverless driver) the sweep is the only way rows are found: no backing off.
  let notified = false;

  const drain = async () => {
    found = false;
    do {
      again = false;
      const { claimed } = await dispatchOutbox(db, handlers, options.batch);
      if (claimed > 0) found = true;
      if (claimed === options.batch) again = true;
    } while (again && !stopped);
    if (Date.now() - lastPrune > options.sweepMs * 60) {
      lastPrune = Date.now();
      await pruneDispatched(db, new Date(Date.now() - options.keepMs));
    }
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => {
        found = true;
        console.error(`[reel402] outbox dispatch failed: ${describeError(error)}`);
      })
      .finally(() => {
        running = null;
        if (again) kick();
        else schedule(notified ? sweep.after(found) : options.sweepMs);
      });
  };

  function schedule(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(kick, ms);
    timer.unref?.();
  }

  const unlisten = await listenChannel(db, databaseUrl, OUTBOX_CHANNEL, {
    onMessage: kick,
    onReconnect: kick,
  });
  notified = unlisten !== null && unlisten !== undefined;
  kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await running;
    },
  };
}
