import { appendAudit, auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { completeKey, findKeyForJob, releaseKey } from "@/lib/idempotency/keys";
import { changeStatus, getJob } from "@/lib/jobs/repository";
import { getPaymentForJob, updatePayment } from "@/lib/payments/repository";
import { jobCreatedBody } from "@/lib/settlement/job-created";

/** What became of a payment's settlement, from the facilitator's answer or from the chain. */
export type Settlement =
  | { kind: "settled"; transaction: string | null }
  | { kind: "failed"; reason: string }
  | { kind: "unknown"; reason: string };

export type ApplySettlement = {
  jobId: string;
  paymentId: string;
  /** The job's Idempotency-Key when the caller knows it; looked up by job when undefined. */
  idempotencyKey?: string | null;
  settlement: Settlement;
  /** Who learnt the outcome, for the audit record (absent for the paid request itself). */
  via?: "reconciler";
};

/**
 * The one place a settlement outcome is written down, in one audited transaction: settled moves
 * the job pending_settlement → queued and completes its key; failed cancels it (nothing charged)
 * and releases its key so the client may pay again; unknown only marks the payment, for the
 * reconciler. A job no longer pending_settlement is left as it is, and a payment already settled is
 * never marked otherwise. Returns the job it queued, for
 * the caller to wake the engine.
 */
export async function applySettlement(
  db: Db,
  { jobId, paymentId, idempotencyKey, settlement, via }: ApplySettlement,
): Promise<{ queued: { id: string; payer: string } | null }> {
  const now = new Date();
  const by = via ? { via } : {};
  return auditedTransaction(db, async (tx) => {
    const key = async () =>
      idempotencyKey === undefined ? await findKeyForJob(tx, jobId) : idempotencyKey;
    const pending = async () => (await getJob(tx, jobId))?.status === "pending_settlement";
    if (settlement.kind === "settled") {
      const { transaction } = settlement;
      await updatePayment(tx, paymentId, { status: "settled", transaction, settledAt: now });
      await appendAudit(tx, "payment.settled", jobId, { transaction, ...by });
      if (!(await pending())) return { queued: null };
      const queued = await changeStatus(tx, jobId, "pending_settlement", "queued", {
        queuedAt: now,
        runAfter: now,
      });
      const k = await key();
      if (k) await completeKey(tx, k, jobCreatedBody(jobId, "queued"));
      return { queued: { id: queued.id, payer: queued.payer } };
    }
    // Two learners may race (a slow request and the reconciler): money that moved stays moved.
    if ((await getPaymentForJob(tx, jobId))?.status === "settled") return { queued: null };
    const { reason } = settlement;
    if (settlement.kind === "unknown") {
      await updatePayment(tx, paymentId, { status: "unknown", failureReason: reason });
      await appendAudit(tx, "payment.unknown", jobId, { reason, ...by });
      return { queued: null };
    }
    await updatePayment(tx, paymentId, { status: "failed", failureReason: reason });
    await appendAudit(tx, "payment.failed", jobId, { reason, ...by });
    if (await pending()) {
      await changeStatus(tx, jobId, "pending_settlement", "cancelled", {
        finishedAt: now,
        error: {
          code: "settlement_failed",
          message: "The payment could not be settled; nothing was charged.",
          retryable: true,
        },
      });
    }
    const k = await key();
    if (k) await releaseKey(tx, k);
    return { queued: null };
  });
}
