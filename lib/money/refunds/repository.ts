import { type Column, and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import {
  appendAudit,
  checkMove,
  type Db,
  jsonRow,
  outerColumn,
  staleErrorOf,
} from "@/lib/platform";
import { jobs } from "@/lib/jobs";
import { refunds } from "@/lib/money/schema";
import { REFUND_TRANSITIONS, type RefundStatus } from "@/lib/money/refunds/refund-status";

export type RefundRow = typeof refunds.$inferSelect;

/** Opens the job's refund (once: the unique job_id makes a second call a no-op). */
export async function openRefund(
  db: Db,
  job: { id: string; payer: string; amountAtomic: number },
  reason: string,
  manual: boolean,
): Promise<void> {
  const inserted = await db
    .insert(refunds)
    .values({
      id: crypto.randomUUID(),
      jobId: job.id,
      payer: job.payer,
      amountAtomic: job.amountAtomic,
      status: manual ? "manual" : "pending",
      reason,
    })
    .onConflictDoNothing({ target: refunds.jobId })
    .returning({ id: refunds.id });
  if (inserted.length)
    await appendAudit(db, "refund.created", job.id, { amount: job.amountAtomic, reason, manual });
}

/** The job's refund as a column of a read of the job (lib/jobs prepareFindJobWith); null for none. */
export const refundOfJob = (jobId: Column) =>
  jsonRow(
    refunds,
    sql`select row_to_json(r) from refunds r where r.job_id = ${outerColumn(jobId)}`,
  );

export async function refundForJob(db: Db, jobId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.jobId, jobId)).limit(1);
  return row;
}

/** Refunds in these statuses, each with the network its job was paid on (where it is repaid). */
export async function refundsInStatus(
  db: Db,
  statuses: RefundRow["status"][],
): Promise<(RefundRow & { network: string })[]> {
  return db
    .select({ ...getTableColumns(refunds), network: jobs.network })
    .from(refunds)
    .innerJoin(jobs, eq(jobs.id, refunds.jobId))
    .where(inArray(refunds.status, statuses))
    .orderBy(refunds.createdAt);
}

export const StaleRefundError = staleErrorOf<RefundStatus>("refund", "StaleRefundError");

/**
 * Moves a refund on only if the table allows the move and nobody else moved it first: still in
 * `from` and, for a sent refund, still carrying the transaction the caller judged (another
 * process may have re-signed it meanwhile). A lost race throws StaleRefundError.
 */
export async function updateRefund(
  db: Db,
  id: string,
  from: RefundStatus,
  patch: Partial<typeof refunds.$inferInsert> & { status: RefundStatus },
  transaction?: string,
): Promise<void> {
  checkMove("refund", REFUND_TRANSITIONS, from, patch.status);
  const same = [
    eq(refunds.id, id),
    eq(refunds.status, from),
    ...(transaction ? [eq(refunds.transaction, transaction)] : []),
  ];
  const rows = await db
    .update(refunds)
    .set(patch)
    .where(and(...same))
    .returning({ id: refunds.id });
  if (rows.length === 0) throw new StaleRefundError(id, from);
}
