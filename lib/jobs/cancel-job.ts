import { auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { changeStatus, getJob, StaleJobError } from "@/lib/jobs/repository";
import type { JobStatus } from "@/lib/jobs/state-machine";
import { refundIfOwed } from "@/lib/refunds/refund-policy";

export type CancelOutcome =
  | { ok: true; from: string; refunded: boolean }
  | { ok: false; reason: string };

export type Canceller = "operator" | "payer";

// The operator may stop a job at the upstream; a payer only one the upstream has not seen yet.
const CANCELLABLE: Record<Canceller, readonly JobStatus[]> = {
  operator: ["queued", "generating"],
  payer: ["queued"],
};

/** Stops an unfinished paid job and refunds it when the payment settled. */
export async function cancelJob(
  db: Db,
  id: string,
  canRefund: boolean,
  by: Canceller = "operator",
): Promise<CancelOutcome> {
  const job = await getJob(db, id);
  if (!job) return { ok: false, reason: "no such job" };
  if (job.status === "pending_settlement")
    return {
      ok: false,
      reason: "the payment is still settling; the reconciler decides this job first",
    };
  if (by === "payer" && job.status === "generating")
    return { ok: false, reason: "generation has started upstream; it can no longer be stopped" };
  if (!CANCELLABLE[by].includes(job.status))
    return { ok: false, reason: `the job is already ${job.status}` };
  try {
    return await auditedTransaction(db, async (tx) => {
      const cancelled = await changeStatus(tx, id, job.status, "cancelled", {
        finishedAt: new Date(),
        runAfter: null,
        error: {
          code: "cancelled",
          message: `Cancelled by the ${by}; the payment is refunded.`,
          retryable: true,
        },
      });
      const refunded = await refundIfOwed(tx, cancelled, `cancelled by the ${by}`, canRefund);
      return { ok: true as const, from: job.status, refunded };
    });
  } catch (error) {
    if (!(error instanceof StaleJobError)) throw error;
    return { ok: false, reason: "the job moved on meanwhile (generation has started)" };
  }
}
