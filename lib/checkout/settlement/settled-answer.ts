import { encodePaymentResponseHeader } from "@x402/core/http";
import type { SettleResponse } from "@x402/core/types";
import type { Db } from "@/lib/platform";
import type { JobRow } from "@/lib/jobs";
import { jobReceipt, type PaymentRow, withReceipt } from "@/lib/money";
import { type JobCreated, jobCreatedBody } from "@/lib/checkout/settlement/job-created";

/** What a settled paid POST answers, and what every key of its job replays from then on. */
export type SettledAnswer = {
  body: JobCreated;
  settlement: SettleResponse | null;
  /** The PAYMENT-RESPONSE header as sent, so a replay repeats it byte for byte. */
  paymentResponse: string | null;
};

/**
 * The answer to a settled payment: the JobCreated and the facilitator's settlement (or, when the
 * chain told us, the settlement as the chain has it), each with the signed receipt when the
 * service's origin is known (the paid request; the reconciler leaves it to GET /jobs/{id}).
 */
export async function settledAnswer(
  db: Db,
  payment: PaymentRow,
  opts: {
    settlement?: SettleResponse;
    receiptBaseUrl?: string;
    /** The job as the caller just wrote it, so the receipt need not read it and its payment again. */
    job?: JobRow;
  },
): Promise<SettledAnswer> {
  let body = jobCreatedBody(payment.jobId, "queued");
  let settlement: SettleResponse | null =
    opts.settlement ??
    (payment.transaction
      ? {
          success: true,
          transaction: payment.transaction,
          network: payment.network as SettleResponse["network"],
          payer: payment.payer,
        }
      : null);
  const receipt = opts.receiptBaseUrl
    ? await jobReceipt(
        db,
        payment.jobId,
        opts.receiptBaseUrl,
        opts.job ? { job: opts.job, payment } : undefined,
      )
    : null;
  if (receipt) {
    body = { ...body, receipt };
    if (settlement) settlement = withReceipt(settlement, receipt);
  }
  return {
    body,
    settlement,
    paymentResponse: settlement ? encodePaymentResponseHeader(settlement) : null,
  };
}
