import { auditedTransaction, type Db, refusal, type Refusal } from "@/lib/platform";
import { changeStatus, getJob, type JobRow, StaleJobError } from "@/lib/jobs/repository";
import type { JobStatus } from "@/lib/jobs/state-machine";

export type CancelOutcome = { kind: "cancelled"; from: JobStatus; refunded: boolean } | Refusal;

/** What the cancelling transaction does besides the move, e.g. open a refund; true if it did. */
export type OnCancelled = (tx: Db, job: JobRow, by: Canceller) => Promise<boolean>;

export type Canceller = "operator" | "payer";

// The operator may stop a job at the upstream; a payer only one the upstream has not seen yet.
const CANCELLABLE: Record<Canceller, readonly JobStatus[]> = {
  operator: ["queued", "generating"],
  payer: ["queued"],
};

function notCancelled(reason: string, status: JobStatus): Refusal {
  return refusal("not_cancellable", `Not cancelled: ${reason}.`, { extra: { job_status: status } });
}

/** Stops an unfinished job, in one transaction with `onCancelled` (the caller's refund). */
export async function cancelJob(
  db: Db,
  id: string,
  by: Canceller,
  onCancelled: OnCancelled,
): Promise<CancelOutcome> {
  const job = await getJob(db, id);
  if (!job) return refusal("not_found", "No job with this id.");
  if (job.status === "pending_settlement")
    return notCancelled(
      "the payment is still settling; the reconciler decides this job first",
      job.status,
    );
  if (by === "payer" && job.status === "generating")
    return notCancelled("generation has started upstream; it can no longer be stopped", job.status);
  if (!CANCELLABLE[by].includes(job.status))
    return notCancelled(`the job is already ${job.status}`, job.status);
  try {
    return await auditedTransaction(db, id, async (tx) => {
      const cancelled = await changeStatus(tx, id, job.status, "cancelled", {
        finishedAt: new Date(),
        runAfter: null,
        error: {
          code: "cancelled",
          message: `Cancelled by the ${by}; the payment is refunded.`,
          retryable: true,
        },
      });
      const refunded = await onCancelled(tx, cancelled, by);
      return { kind: "cancelled" as const, from: job.status, refunded };
    });
  } catch (error) {
    if (!(error instanceof StaleJobError)) throw error;
    const now = (await getJob(db, id))?.status ?? job.status;
    return notCancelled("the job moved on meanwhile (generation has started)", now);
  }
}
