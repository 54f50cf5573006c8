import type { Db } from "@/lib/db/client";
import { type AuditEvent, appendAuditEvents } from "@/lib/audit/append";

type Waiting = AuditEvent & { resolve: () => void; reject: (error: unknown) => void };
type Queue = { waiting: Waiting[]; running: boolean };

// Enough for any burst one process sees while a write is in flight, small enough for one insert.
const MAX_GROUP = 500;
const queues = new WeakMap<Db, Queue>();

/**
 * Appends an event to the chain together with whatever other events this process is appending
 * at the same moment (a group commit): the first caller writes at once; callers that arrive while
 * a write is in flight are written together by the next one. Each caller still resolves only once
 * its event is committed, so the record is as durable as with appendAudit, but a flood of refused
 * requests takes the audit lock once per group instead of once per request.
 */
export function appendAuditGrouped(db: Db, event: AuditEvent): Promise<void> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], running: false };
    queues.set(db, queue);
  }
  const q = queue;
  return new Promise<void>((resolve, reject) => {
    q.waiting.push({ ...event, resolve, reject });
    if (!q.running) void drain(db, q);
  });
}

async function drain(db: Db, q: Queue): Promise<void> {
  q.running = true;
  while (q.waiting.length) {
    const group = q.waiting.splice(0, MAX_GROUP);
    try {
      await appendAuditEvents(
        db,
        group.map(({ type, jobId, data }) => ({ type, jobId, data })),
      );
      for (const w of group) w.resolve();
    } catch (error) {
      for (const w of group) w.reject(error);
    }
  }
  q.running = false;
}
