import type { Db } from "@/lib/platform/db/client";
import { describeError } from "@/lib/platform/errors/describe-error";
import type { OnBeforeExit } from "@/lib/platform/lifecycle/before-exit";
import { type AuditEvent, appendAuditEvents } from "@/lib/platform/audit/append";

// A write at most this often: a flood of refusals takes an audit lane's lock four times a second.
const FLUSH_MS = 250;
// After a failed write (the database briefly away), the records wait this long and are tried again.
const RETRY_MS = 1_000;
// Enough for any burst between two writes, small enough for one insert.
const MAX_GROUP = 500;
// A database away for long must not grow the queue without bound; what is dropped is counted.
const MAX_QUEUED = 20_000;

type Queue = {
  events: AuditEvent[];
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
  dropped: number;
};

export type AuditQueues = {
  /** Queues a refusal's record; it is written with the others of the moment, after the answer. */
  append: (db: Db, event: AuditEvent) => void;
  /** Writes everything queued so far; resolves once it is committed (or has failed and been requeued). */
  flush: (db: Db) => Promise<void>;
};

/**
 * Records refusals in the audit chain without making their answers wait: refused requests
 * (nothing was charged, nothing is owed) are what a flood sends, so their records are queued and
 * written together at most every FLUSH_MS, in one chained insert, under the lock of one audit lane
 * (the group's first record's) like every other append. A clean shutdown writes what is queued (onBeforeExit); a crash forgets at most the
 * last FLUSH_MS of refusals. Paid work never comes here: its events commit with the transitions
 * they record. One queue per database; the composition root keeps one set per process.
 */
export function createAuditQueues(onBeforeExit: OnBeforeExit): AuditQueues {
  const queues = new WeakMap<Db, Queue>();
  const queueFor = (db: Db): Queue => {
    let queue = queues.get(db);
    if (!queue) {
      queue = { events: [], timer: null, writing: null, dropped: 0 };
      queues.set(db, queue);
      onBeforeExit("refusal audit", () => flush(db));
    }
    return queue;
  };
  const flush = async (db: Db): Promise<void> => {
    const queue = queueFor(db);
    if (queue.timer) clearTimeout(queue.timer);
    queue.timer = null;
    await queue.writing;
    while (queue.events.length) {
      if (!(await writeGroup(db, queue))) return schedule(db, queue, RETRY_MS);
    }
  };
  return {
    append(db, event) {
      const queue = queueFor(db);
      if (queue.events.length >= MAX_QUEUED) {
        queue.dropped++;
        return;
      }
      queue.events.push(event);
      schedule(db, queue, FLUSH_MS);
    },
    flush,
  };
}

function schedule(db: Db, queue: Queue, ms: number): void {
  if (queue.timer || queue.writing) return;
  queue.timer = setTimeout(() => {
    queue.timer = null;
    void writeGroup(db, queue).then((ok) => {
      if (queue.events.length) schedule(db, queue, ok ? FLUSH_MS : RETRY_MS);
    });
  }, ms);
  // Pending records never hold a process open: a clean shutdown flushes them (onBeforeExit).
  queue.timer.unref();
}

/** Writes the oldest group; on failure puts it back in front and says so. */
async function writeGroup(db: Db, queue: Queue): Promise<boolean> {
  const group = queue.events.splice(0, MAX_GROUP);
  if (!group.length) return true;
  const write = appendAuditEvents(db, group);
  queue.writing = write.then(
    () => undefined,
    () => undefined,
  );
  try {
    await write;
    if (queue.dropped) {
      console.error(`[audit] ${queue.dropped} refusal records dropped while the database was away`);
      queue.dropped = 0;
    }
    return true;
  } catch (error) {
    const kept = group.slice(0, Math.max(0, MAX_QUEUED - queue.events.length));
    queue.events.unshift(...kept);
    queue.dropped += group.length - kept.length;
    console.error(
      `[audit] ${group.length} refusal records not yet written, retrying: ${describeError(error)}`,
    );
    return false;
  } finally {
    queue.writing = null;
  }
}
