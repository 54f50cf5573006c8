import { desc, sql } from "drizzle-orm";
import type { Db } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";
import { auditHash, GENESIS_HASH } from "@/lib/platform/audit/chain";
import { namedSecret } from "@/lib/platform/secrets/named-secret";

// Serialises appends so each row links to the one before it, across processes.
const AUDIT_LOCK = 402_404;

export type AuditType =
  | "request.refused"
  | "payment.verified"
  | "payment.settled"
  | "payment.failed"
  | "payment.unknown"
  | "job.transition"
  | "attempt.started"
  | "attempt.ended"
  | "upstream.orphan_settled"
  | "video.screened"
  | "refund.created"
  | "refund.sent"
  | "refund.confirmed"
  | "refund.resigned"
  | "refund.manual";

/**
 * A transaction that will append audit events takes the audit lock FIRST, before any row lock.
 * With one lock order everywhere, writers queue instead of deadlocking on each other.
 */
export function auditedTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    return work(tx);
  });
}

/** Appends one event; inside the caller's transaction when given one. */
export async function appendAudit(
  db: Db,
  type: AuditType,
  jobId: string | null,
  data: Record<string, unknown>,
): Promise<void> {
  await appendAuditEvents(db, [{ type, jobId, data }]);
}

export type AuditEvent = { type: AuditType; jobId: string | null; data: Record<string, unknown> };

/** Appends events in order, chained one after another, in one transaction and one insert. */
export async function appendAuditEvents(db: Db, events: AuditEvent[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const [last] = await tx
      .select({ hash: auditEvents.hash })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    let prevHash = last?.hash ?? GENESIS_HASH;
    const secret = namedSecret("audit-chain");
    // Millisecond precision survives a round trip through timestamptz unchanged.
    const at = new Date();
    // A multi-row VALUES takes its ids from the sequence in row order, so the ids follow the chain.
    const rows = events.map(({ type, jobId, data }) => {
      const row = {
        at,
        type,
        jobId,
        data,
        prevHash,
        hash: auditHash(secret, prevHash, { at, type, jobId, data }),
      };
      prevHash = row.hash;
      return row;
    });
    await tx.insert(auditEvents).values(rows);
  });
}
