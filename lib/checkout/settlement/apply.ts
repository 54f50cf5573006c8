import type { SettleResponse } from "@x402/core/types";
import { appendAudit, auditedTransaction, type Db } from "@/lib/platform";
import { completeJobKeys, releaseJobKeys } from "@/lib/checkout/idempotency/key-repository";
import { changeStatus, type JobStatus, StaleJobError } from "@/lib/jobs";
import {
  getPaymentForJob,
  issueReceipt,
  type PaymentRow,
  StalePaymentError,
  updatePayment,
} from "@/lib/money";
import { type SettledAnswer, settledAnswer } from "@/lib/checkout/settlement/settled-answer";

/** What became of a payment's settlement, from the facilitator's answer or from the chain. */
export type Settlement =
  | { kind: "settled"; transaction: string | null }
  | { kind: "failed"; reason: string }
  | { kind: "unknown"; reason: string };

export type ApplySettlement = {
  jobId: string;
  paymentId: string;
  settlement: Settlement;
  /** The facilitator's settlement, when it was the one that answered (the paid request). */
  settleResponse?: SettleResponse;
  /** The origin the client used: the paid request's answer then carries the signed receipt. */
  receiptBaseUrl?: string;
  /** Who learnt the outcome, for the audit record (absent for the paid request itself). */
  via?: "reconciler";
  /**
   * False when the paid request carried neither an Idempotency-Key nor a payment-identifier, so
   * the job has no key to complete; a learner that cannot tell (the reconciler) leaves it out.
   */
  keys?: boolean;
  /**
   * The payment as the paid request recorded it, and its job's SKU: the settlement then writes
   * the payment's move, and its receipt, without reading it first, unless it moved meanwhile.
   */
  recorded?: {
    payment: Pick<PaymentRow, "status" | "network" | "payer" | "amountAtomic" | "asset" | "payTo">;
    sku: string;
  };
};

/**
 * The one place a settlement outcome is written down, in one audited transaction: settled moves
 * the job pending_settlement → queued and completes its keys (Idempotency-Key, payment-identifier)
 * with the answer; failed cancels it (nothing charged) and releases its keys so the client may pay
 * again; unknown only marks the payment, for the
 * reconciler. A job no longer pending_settlement is left as it is, and a payment already settled is
 * never marked otherwise. Returns the job it queued, for the caller to wake the engine, and the
 * settled answer.
 */
export async function applySettlement(
  db: Db,
  {
    jobId,
    paymentId,
    settlement,
    settleResponse,
    receiptBaseUrl,
    via,
    keys,
    recorded,
  }: ApplySettlement,
): Promise<{ queued: { id: string; payer: string } | null; answer?: SettledAnswer }> {
  const now = new Date();
  const by = via ? { via } : {};
  // The paid request's receipt is signed before the transaction: it needs nothing the database
  // holds, and the lane's lock is not held while it is signed.
  const receipt =
    settlement.kind === "settled" && recorded && settlement.transaction && receiptBaseUrl
      ? await issueReceipt(
          { ...recorded.payment, transaction: settlement.transaction, settledAt: now },
          { id: jobId, sku: recorded.sku },
          receiptBaseUrl,
        )
      : null;
  return auditedTransaction(db, jobId, async (tx) => {
    if (settlement.kind === "settled") {
      const { transaction } = settlement;
      // The paid request's way: the payment it recorded moves by compare-and-set, its receipt in
      // the same write. That writes nothing if a learner moved the payment meanwhile; the read
      // below then decides.
      let payment =
        recorded && transaction
          ? await settleRecorded(tx, paymentId, recorded.payment.status, {
              transaction,
              now,
              receipt,
            })
          : undefined;
      if (payment) await appendAudit(tx, "payment.settled", jobId, { transaction, ...by });
      else {
        const before = await getPaymentForJob(tx, jobId);
        if (!before) throw new Error(`job ${jobId} has no payment`);
        // Settled already (the other learner was first): the first record of the money stands.
        payment = before;
        if (before.status !== "settled") {
          payment = await updatePayment(tx, paymentId, before.status, {
            status: "settled",
            transaction,
            settledAt: now,
          });
          await appendAudit(tx, "payment.settled", jobId, { transaction, ...by });
        }
      }
      const queued = await leavePending(tx, jobId, "queued", { queuedAt: now, runAfter: now });
      if (!queued) return { queued: null };
      const answer = await settledAnswer(tx, payment, {
        settlement: settleResponse,
        receiptBaseUrl,
        job: queued,
      });
      if (keys !== false) await completeJobKeys(tx, jobId, answer.body, answer.paymentResponse);
      return { queued: { id: queued.id, payer: queued.payer }, answer };
    }
    const before = await getPaymentForJob(tx, jobId);
    if (!before) throw new Error(`job ${jobId} has no payment`);
    const was = before.status;
    // Two learners may race (a slow request and the reconciler): money that moved stays moved.
    if (was === "settled") return { queued: null };
    const { reason } = settlement;
    if (settlement.kind === "unknown") {
      // Only a verified payment becomes unknown: a known outcome is never forgotten.
      if (was === "verified") {
        await updatePayment(tx, paymentId, was, { status: "unknown", failureReason: reason });
        await appendAudit(tx, "payment.unknown", jobId, { reason, ...by });
      }
      return { queued: null };
    }
    if (was !== "failed") {
      await updatePayment(tx, paymentId, was, { status: "failed", failureReason: reason });
      await appendAudit(tx, "payment.failed", jobId, { reason, ...by });
    }
    await leavePending(tx, jobId, "cancelled", {
      finishedAt: now,
      error: {
        code: "settlement_failed",
        message: "The payment could not be settled; nothing was charged.",
        retryable: true,
      },
    });
    if (keys !== false) await releaseJobKeys(tx, jobId);
    return { queued: null };
  });
}

/**
 * The recorded payment settled, with its receipt when the origin is known, or undefined when it
 * is no longer in the status it was recorded in.
 */
async function settleRecorded(
  tx: Db,
  paymentId: string,
  recordedStatus: PaymentRow["status"],
  at: { transaction: string; now: Date; receipt: Awaited<ReturnType<typeof issueReceipt>> },
): Promise<PaymentRow | undefined> {
  const { transaction, now, receipt } = at;
  try {
    return await updatePayment(tx, paymentId, recordedStatus, {
      status: "settled",
      transaction,
      settledAt: now,
      ...(receipt ? { receipt } : {}),
    });
  } catch (error) {
    if (error instanceof StalePaymentError) return undefined;
    throw error;
  }
}

/**
 * Moves the job out of pending_settlement, or returns null when it has left it already (the
 * other learner moved it, or an operator cancelled it): the move's compare-and-set decides, with
 * no read before it.
 */
async function leavePending(
  tx: Db,
  jobId: string,
  to: JobStatus,
  patch: Parameters<typeof changeStatus>[4],
) {
  try {
    return await changeStatus(tx, jobId, "pending_settlement", to, patch);
  } catch (error) {
    if (error instanceof StaleJobError) return null;
    throw error;
  }
}
