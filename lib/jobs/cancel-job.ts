import { auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import { refundIfOwed } from "@/lib/refunds/refund-policy";

export type CancelOutcome =
  | { ok: true; from: string; refunded: boolean }
  | { ok: false; reason: string };

/** Operator cancel: stops an unfinished paid job and refunds it when the payment settled. */
export async function cancelJob(db: Db, id: string, canRefund: boolean): Promise<CancelOutcome> {
  const job = await getJob(db, id);
  if (!job) return { ok: false, reason: "no such job" };
  if (job.status === "pending_settlement")
    return {
      ok: false,
      reason: "the payment is still settling; the reconciler decides this job first",
    };
  if (job.status !== "queued" && job.status !== "generating")
    return { ok: false, reason: `the job is already ${job.status}` };
  return auditedTransaction(db, async (tx) => {
    const cancelled = await changeStatus(tx, id, job.status, "cancelled", {
      finishedAt: new Date(),
      runAfter: null,
      error: {
        code: "cancelled",
        message: "Cancelled by the operator; the payment is refunded.",
        retryable: true,
      },
    });
    const refunded = await refundIfOwed(tx, cancelled, "cancelled by the operator", canRefund);
    return { ok: true as const, from: job.status, refunded };
  });
}
