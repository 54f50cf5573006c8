import type { Db } from "@/lib/platform";
import type { jobs } from "@/lib/jobs";
import { getPaymentForJob } from "@/lib/money/payments/repository";
import { openRefund } from "@/lib/money/refunds/repository";

/** A payer is charged only for a video they get: a settled job that ends without one is refunded. */
export async function refundIfOwed(
  db: Db,
  job: Pick<typeof jobs.$inferSelect, "id" | "status" | "payer">,
  reason: string,
  canSend: boolean,
): Promise<boolean> {
  if (job.status === "succeeded") return false;
  const payment = await getPaymentForJob(db, job.id);
  if (payment?.status !== "settled") return false;
  await openRefund(
    db,
    { id: job.id, payer: job.payer, amountAtomic: payment.amountAtomic },
    reason,
    !canSend,
  );
  return true;
}
