import "server-only";
import type { JWSSignedReceipt } from "@x402/extensions/offer-receipt";
import { findAnyProductBySku } from "@/lib/catalog";
import type { Db } from "@/lib/platform";
import { getJob, type JobRow } from "@/lib/jobs";
import {
  getPaymentForJob,
  type PaymentRow,
  storeReceiptOnce,
} from "@/lib/money/payments/repository";
import { signReceipt } from "@/lib/money/receipts/receipt";

/**
 * The signed receipt of a job's settled payment, issued once and kept with the payment, so the
 * paid 200, its replays and GET /jobs/{id} all carry the same one. A payment settled by the
 * reconciler (no 200 was sent) gets its receipt the first time someone asks. Null while unpaid.
 * `known`: the job and its payment row when the caller has just read them.
 */
export async function jobReceipt(
  db: Db,
  jobId: string,
  baseUrl: string,
  known?: { job: JobRow; payment: PaymentRow | undefined },
): Promise<JWSSignedReceipt | null> {
  const payment = known ? known.payment : await getPaymentForJob(db, jobId);
  if (payment?.status !== "settled" || !payment.transaction) return null;
  if (payment.receipt) return payment.receipt as JWSSignedReceipt;
  const job = known?.job ?? (await getJob(db, jobId));
  if (!job) return null;
  const receipt = await issueReceipt(
    { ...payment, transaction: payment.transaction },
    job,
    baseUrl,
  );
  if (!receipt) return null;
  // First issuer wins: a concurrent reader's receipt is the one everybody gets from then on.
  if (await storeReceiptOnce(db, payment.id, receipt)) return receipt;
  return ((await getPaymentForJob(db, jobId))?.receipt ?? null) as JWSSignedReceipt | null;
}

/** What a receipt says of the payment: the settled transaction and the money it moved. */
export type ReceiptPayment = Pick<
  PaymentRow,
  "network" | "payer" | "amountAtomic" | "asset" | "payTo" | "settledAt"
> & { transaction: string };

/**
 * Signs the receipt of job `job`'s settled payment, issued at its settlement time; null for a
 * job whose product is unknown. Whoever keeps it keeps it once (jobReceipt, or the settlement's
 * own write).
 */
export async function issueReceipt(
  payment: ReceiptPayment,
  job: Pick<JobRow, "id" | "sku">,
  baseUrl: string,
): Promise<JWSSignedReceipt | null> {
  const product = findAnyProductBySku(job.sku);
  if (!product) return null;
  return signReceipt(
    {
      network: payment.network,
      resourceUrl: `${baseUrl}${product.path}`,
      payer: payment.payer,
      issuedAt: Math.floor((payment.settledAt ?? new Date()).getTime() / 1000),
      transaction: payment.transaction,
      jobId: job.id,
      sku: job.sku,
      amount: String(payment.amountAtomic),
      asset: payment.asset,
      payTo: payment.payTo,
    },
    baseUrl,
  );
}
