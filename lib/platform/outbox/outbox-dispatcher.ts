import type { Db } from "@/lib/platform/db/client";
import { listenChannel } from "@/lib/platform/db/listen-channel";
import { describeError } from "@/lib/platform/errors/describe-error";
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
  /** How long a dispatched row is kept (for an operator's look) before it is pruned. */
  keepMs: number;
};

export const DEFAULT_DISPATCHER: DispatcherOptions = {
  batch: 100,
  sweepMs: 1_000,
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

  const drain = async () => {
    do {
      again = false;
      const { claimed } = await dispatchOutbox(db, handlers, options.batch);
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
      .catch((error: unknown) =>
        console.error(`[reel402] outbox dispatch failed: ${describeError(error)}`),
      )
      .finally(() => {
        running = null;
        if (again) kick();
      });
  };

  const unlisten = await listenChannel(db, databaseUrl, OUTBOX_CHANNEL, {
    onMessage: kick,
    onReconnect: kick,
  });
  const timer = setInterval(kick, options.sweepMs);
  timer.unref?.();
  kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
