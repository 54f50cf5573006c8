import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/group-commit";
import { type AuditEvent, appendAuditEvents } from "@/lib/audit/append";

// Enough for any burst one process sees while a write is in flight, small enough for one insert.
const MAX_GROUP = 500;
const appenders = new WeakMap<Db, (event: AuditEvent) => Promise<void>>();

/**
 * Appends an event to the chain together with whatever other events this process is appending
 * at the same moment (a group commit): the first caller writes at once; callers that arrive while
 * a write is in flight are written together by the next one. Each caller still resolves only once
 * its event is committed, so the record is as durable as with appendAudit, but a flood of refused
 * requests takes the audit lock once per group instead of once per request.
 */
export function appendAuditGrouped(db: Db, event: AuditEvent): Promise<void> {
  let append = appenders.get(db);
  if (!append) {
    append = groupCommit<AuditEvent, void>(
      async (events) => {
        await appendAuditEvents(
          db,
          events.map(({ type, jobId, data }) => ({ type, jobId, data })),
        );
        return events.map(() => undefined);
      },
      { max: MAX_GROUP },
    );
    appenders.set(db, append);
  }
  return append(event);
}
