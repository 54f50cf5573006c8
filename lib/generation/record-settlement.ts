import { encodePaymentResponseHeader } from "@x402/core/http";
import type { SettleResponse } from "@x402/core/types";
import { appendAudit, auditedTransaction } from "@/lib/audit/append";
import type { Db } from "@/lib/db/client";
import { completeJobKeys, releaseJobKeys } from "@/lib/idempotency/keys";
import { changeStatus } from "@/lib/jobs/repository";
import { updatePayment } from "@/lib/payments/repository";
import type { SettlementOutcome } from "@/lib/payments/settlement-outcome";
import { jobReceipt } from "@/lib/receipts/job-receipt";
import { withReceipt } from "@/lib/receipts/receipt";
import { type JobCreated, jobCreatedBody, paidResponse } from "@/lib/generation/responses";
import { wakeWorkflow } from "@/lib/workflow/wake";

type Args = {
  db: Db;
  jobId: string;
  paymentId: string;
  /** The service origin the client used: the receipt's resource URL and key id. */
  baseUrl: string;
  outcome: SettlementOutcome;
  refuse: (reason: string, settlement?: SettleResponse) => Promise<Response>;
};

/** Step 9's bookkeeping: what the settlement outcome means for the job, the key and the reply. */
export async function recordSettlement({
  db,
  jobId,
  paymentId,
  baseUrl,
  outcome,
  refuse,
}: Args): Promise<Response> {
  const now = new Date();
  if (outcome.kind === "settled") {
    let body: JobCreated = jobCreatedBody(jobId, "queued");
    let settlement = outcome.response;
    let payer = "";
    await auditedTransaction(db, async (tx) => {
      await updatePayment(tx, paymentId, {
        status: "settled",
        transaction: outcome.response.transaction,
        settledAt: now,
      });
      await appendAudit(tx, "payment.settled", jobId, {
        transaction: outcome.response.transaction,
      });
      const queued = await changeStatus(tx, jobId, "pending_settlement", "queued", {
        queuedAt: now,
        runAfter: now,
      });
      payer = queued.payer;
      const receipt = await jobReceipt(tx, jobId, baseUrl);
      if (receipt) {
        body = { ...body, receipt };
        settlement = withReceipt(settlement, receipt);
      }
      await completeJobKeys(tx, jobId, body, encodePaymentResponseHeader(settlement));
    });
    await wakeWorkflow({ id: jobId, payer });
    return paidResponse(body, 200, settlement);
  }
  if (outcome.kind === "failed") {
    await auditedTransaction(db, async (tx) => {
      await updatePayment(tx, paymentId, { status: "failed", failureReason: outcome.reason });
      await appendAudit(tx, "payment.failed", jobId, { reason: outcome.reason });
      await changeStatus(tx, jobId, "pending_settlement", "cancelled", {
        finishedAt: now,
        error: {
          code: "settlement_failed",
          message: "The payment could not be settled; nothing was charged.",
          retryable: true,
        },
      });
      await releaseJobKeys(tx, jobId);
    });
    return refuse(`settlement_failed: ${outcome.reason}`, outcome.response);
  }
  await auditedTransaction(db, async (tx) => {
    await updatePayment(tx, paymentId, { status: "unknown", failureReason: outcome.reason });
    await appendAudit(tx, "payment.unknown", jobId, { reason: outcome.reason });
  });
  const body = jobCreatedBody(
    jobId,
    "pending_settlement",
    "Settlement is being confirmed on chain. Poll status_url: the job moves to queued once the payment lands, or to cancelled with nothing charged.",
  );
  return paidResponse(body, 202);
}
